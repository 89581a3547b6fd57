import { describe, expect, it } from 'vitest';
import { MAX_TICKETS_PER_ORDER } from '../booking/selection';
import { BUYER_LIMIT_DEFAULTS, buyerLimitMessage } from './buyer-limits';

describe('buyerLimitMessage', () => {
  it('tells a buyer over the held limit how many more they may choose, or to finish the other order', () => {
    expect(buyerLimitMessage({ limit: 'held', max: 10, current: 0 })).toBe(
      'One buyer may hold at most 10 tickets for this event at a time. Please choose no more than 10.',
    );
    expect(buyerLimitMessage({ limit: 'held', max: 10, current: 9 })).toBe(
      'You are already holding 9 tickets for this event, and one buyer may hold at most 10 at a time. Please choose no more than 1, or pay for or cancel your other order first.',
    );
    expect(buyerLimitMessage({ limit: 'held', max: 1, current: 1 })).toBe(
      'You are already holding 1 ticket for this event, the most one buyer may hold at a time. Please pay for or cancel your other order before you start a new one.',
    );
  });

  it('tells a buyer in the cooldown when they may hold the tickets again, in minutes', () => {
    expect(buyerLimitMessage({ limit: 'cooldown', retry_after_seconds: 180 })).toMatch(/again in about 3 minutes\.$/);
    expect(buyerLimitMessage({ limit: 'cooldown', retry_after_seconds: 121 })).toMatch(/again in about 3 minutes\.$/);
    expect(buyerLimitMessage({ limit: 'cooldown', retry_after_seconds: 60 })).toMatch(/again in a minute\.$/);
    expect(buyerLimitMessage({ limit: 'cooldown', retry_after_seconds: 0 })).toMatch(/again in a minute\.$/);
  });

  it('tells a buyer over the free limit how many free tickets are left to them', () => {
    expect(buyerLimitMessage({ limit: 'free', max: 1, current: 0 })).toBe(
      'One buyer may book at most 1 free ticket for this event. Please choose no more than 1.',
    );
    expect(buyerLimitMessage({ limit: 'free', max: 4, current: 3 })).toBe(
      'One buyer may book at most 4 free tickets for this event, and you already have 3. Please choose no more than 1.',
    );
    expect(buyerLimitMessage({ limit: 'free', max: 4, current: 4 })).toBe(
      'One buyer may book at most 4 free tickets for this event, and you already have 4.',
    );
  });

  it('lets one full order be held by default', () => {
    expect(BUYER_LIMIT_DEFAULTS.maxHeldPerBuyer).toBe(MAX_TICKETS_PER_ORDER);
  });
});
