/** The waiting-room bench's figures: pure functions of what the buyers saw (tested in figures.test.ts). */

/** The q-quantile (0-1) of `values` by the nearest rank; NaN for no values. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** Ranks 1..n of `values`, ties sharing the mean of their ranks. */
export function ranks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const result = new Array<number>(values.length).fill(0);
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]?.value === order[start]?.value) end += 1;
    const rank = (start + end) / 2 + 1;
    for (let i = start; i <= end; i += 1) {
      const item = order[i];
      if (item) result[item.index] = rank;
    }
    start = end + 1;
  }
  return result;
}

/** Pearson's correlation of two equally long series; NaN when there are fewer than 2 or one is constant. */
export function pearson(xs: readonly number[], ys: readonly number[]): number {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return Number.NaN;
  let meanX = 0;
  let meanY = 0;
  for (let i = 0; i < n; i += 1) {
    meanX += xs[i] ?? 0;
    meanY += ys[i] ?? 0;
  }
  meanX /= n;
  meanY /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i += 1) {
    const dx = (xs[i] ?? 0) - meanX;
    const dy = (ys[i] ?? 0) - meanY;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? Number.NaN : sxy / Math.sqrt(sxx * syy);
}

/** Spearman's rank correlation: Pearson's over the ranks (ties averaged). */
export function spearman(xs: readonly number[], ys: readonly number[]): number {
  return pearson(ranks(xs), ranks(ys));
}

export interface HeldRate {
  /** Admissions per second over the window. */
  perSecond: number;
  /** The window (ms, on the run's clock) and the admissions in it. */
  fromMs: number;
  toMs: number;
  admissions: number;
}

/**
 * The admission rate while the line was long enough for the rate to be the limit: over the time when at
 * least `minWaiting` buyers had joined and were not admitted yet (each buyer counted waiting from its join,
 * or from the opening for the pre-queue, to its admission), the admissions in that window divided by its
 * length. Null when the line was never that long for at least `minWindowMs`.
 */
export function heldRate(
  buyers: readonly { waitingFromMs: number; admittedAtMs: number }[],
  options: { minWaiting: number; minWindowMs: number },
): HeldRate | null {
  // +1 when a buyer starts waiting, -1 when admitted; sweep in time order.
  const changes: { at: number; delta: number }[] = [];
  for (const buyer of buyers) {
    changes.push({ at: buyer.waitingFromMs, delta: 1 });
    changes.push({ at: Math.max(buyer.waitingFromMs, buyer.admittedAtMs), delta: -1 });
  }
  changes.sort((a, b) => a.at - b.at || b.delta - a.delta);
  let waiting = 0;
  let best: { from: number; to: number } | null = null;
  let from: number | null = null;
  for (const change of changes) {
    waiting += change.delta;
    if (from === null && waiting >= options.minWaiting) from = change.at;
    else if (from !== null && waiting < options.minWaiting) {
      if (best === null || change.at - from > best.to - best.from) best = { from, to: change.at };
      from = null;
    }
  }
  if (best === null || best.to - best.from < options.minWindowMs) return null;
  const window = best;
  const admissions = buyers.filter(
    (buyer) => buyer.admittedAtMs > window.from && buyer.admittedAtMs <= window.to,
  ).length;
  return {
    perSecond: admissions / ((window.to - window.from) / 1000),
    fromMs: window.from,
    toMs: window.to,
    admissions,
  };
}

/** One reading of the server's room (queue_rooms): places handed out, places admitted so far, the rate. */
export interface RoomSample {
  atMs: number;
  joined: number;
  admittedThrough: number;
  ratePerMinute: number;
}

/**
 * The server's admission rate while its line was long: the growth of the admitted places over the intervals
 * between readings in which at least `minBacklog` places waited at both ends (so the rate limited it, not the
 * end of the line), divided by those intervals' time. Null when there was no such interval.
 */
export function heldRateOfRoom(samples: readonly RoomSample[], minBacklog: number): HeldRate | null {
  let admissions = 0;
  let ms = 0;
  let fromMs: number | null = null;
  let toMs = 0;
  for (let i = 1; i < samples.length; i += 1) {
    const before = samples[i - 1];
    const after = samples[i];
    if (!before || !after) continue;
    if (before.joined - before.admittedThrough < minBacklog || after.joined - after.admittedThrough < minBacklog)
      continue;
    admissions += after.admittedThrough - before.admittedThrough;
    ms += after.atMs - before.atMs;
    fromMs ??= before.atMs;
    toMs = after.atMs;
  }
  if (fromMs === null || ms <= 0) return null;
  return { perSecond: admissions / (ms / 1000), fromMs, toMs, admissions };
}
