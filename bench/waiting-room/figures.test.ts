import { describe, expect, it } from 'vitest';
import { heldRate, heldRateOfRoom, quantile, ranks, spearman } from './figures';

describe('quantile', () => {
  it('takes the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(quantile(values, 0.5)).toBe(50);
    expect(quantile(values, 0.99)).toBe(99);
    expect(quantile(values, 1)).toBe(100);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe('spearman', () => {
  it('averages the ranks of ties', () => {
    expect(ranks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
  });

  it('is 1 for the same order, -1 for the reverse, and near 0 for a shuffle', () => {
    const arrival = Array.from({ length: 5_000 }, (_, i) => i);
    expect(
      spearman(
        arrival,
        arrival.map((i) => i * i),
      ),
    ).toBeCloseTo(1, 10);
    expect(
      spearman(
        arrival,
        arrival.map((i) => -i),
      ),
    ).toBeCloseTo(-1, 10);
    // A fixed permutation (a linear congruential shuffle) so the test cannot flake.
    const shuffled = arrival.map((i) => (i * 7_919 + 13) % 5_003);
    expect(Math.abs(spearman(arrival, shuffled))).toBeLessThan(0.05);
  });

  it('is NaN when there is nothing to compare', () => {
    expect(spearman([1], [1])).toBeNaN();
    expect(spearman([1, 2, 3], [4, 4, 4])).toBeNaN();
  });
});

describe('heldRate', () => {
  it('counts the admissions while the line was long, not its tail', () => {
    // 1,000 buyers waiting from 0, one admitted every 10 ms (100/s): the line is >= 100 long until 9.0 s.
    const buyers = Array.from({ length: 1_000 }, (_, i) => ({ waitingFromMs: 0, admittedAtMs: (i + 1) * 10 }));
    const rate = heldRate(buyers, { minWaiting: 100, minWindowMs: 1_000 });
    expect(rate?.fromMs).toBe(0);
    expect(rate?.toMs).toBe(9_010);
    expect(rate?.perSecond).toBeCloseTo(100, 0);
  });

  it('is null when the line never grew', () => {
    const buyers = Array.from({ length: 50 }, (_, i) => ({ waitingFromMs: i * 100, admittedAtMs: i * 100 + 5 }));
    expect(heldRate(buyers, { minWaiting: 10, minWindowMs: 1_000 })).toBeNull();
  });
});

describe('heldRateOfRoom', () => {
  it('measures the admitted places while the line was long, leaving out the time it was short', () => {
    // 10 s at 100/s with a long line, then 10 s in which the line is short (admissions follow the arrivals).
    const samples = Array.from({ length: 21 }, (_, i) => ({
      atMs: i * 1_000,
      joined: i <= 10 ? 5_000 : 5_000 + (i - 10) * 10,
      admittedThrough: i <= 10 ? i * 100 : 1_000 + (i - 10) * 10,
      ratePerMinute: 6_000,
    }));
    samples.forEach((sample, i) => {
      if (i > 10) sample.admittedThrough = sample.joined - 5;
    });
    const rate = heldRateOfRoom(samples, 50);
    expect(rate).toEqual({ perSecond: 100, fromMs: 0, toMs: 10_000, admissions: 1_000 });
    expect(heldRateOfRoom(samples.slice(11), 50)).toBeNull();
  });
});
