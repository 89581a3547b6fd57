/**
 * How this process is serving orders, for the waiting room's rate (issue 23; decisions/048): the answers to
 * `POST /api/orders` over the last 10 seconds. When their 95th percentile passes TARGET_MS, or more than 2 % of
 * them fail on our side (5xx), the rooms this process ticks admit fewer buyers (down to a fifth of the
 * configured rate), and the rate comes back as answers get quick again. Every process measures its own
 * answers; whichever process ticks a room in a second sets its rate for that second.
 */
const WINDOW_MS = 10_000;
const TARGET_MS = 800;
const MIN_FACTOR = 0.2;

export interface OrderHealth {
  record(durationMs: number, failed: boolean): void;
  /** 0.2 to 1: the share of the configured rate to admit now. */
  factor(now?: number): number;
}

export function createOrderHealth(): OrderHealth {
  let samples: { at: number; ms: number; failed: boolean }[] = [];
  const prune = (now: number) => {
    if (samples.length > 0 && (samples[0]?.at ?? now) < now - WINDOW_MS)
      samples = samples.filter((sample) => sample.at >= now - WINDOW_MS);
    if (samples.length > 5_000) samples = samples.slice(-5_000);
  };
  return {
    record(durationMs, failed) {
      const now = Date.now();
      samples.push({ at: now, ms: durationMs, failed });
      prune(now);
    },
    factor(now = Date.now()) {
      prune(now);
      if (samples.length < 20) return 1;
      const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
      const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
      const failures = samples.filter((sample) => sample.failed).length / samples.length;
      let factor = p95 > TARGET_MS ? TARGET_MS / p95 : 1;
      if (failures > 0.02) factor = Math.min(factor, 0.5);
      return Math.max(MIN_FACTOR, Math.min(1, factor));
    },
  };
}
