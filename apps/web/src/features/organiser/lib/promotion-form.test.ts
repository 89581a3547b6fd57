import { describe, expect, it } from 'vitest';
import type { PromoCodeAnswer } from '@marquee/domain/promotions-console';
import { changesOf, formValuesOf, lockedRuleReason, ruleBodyOf, undeletableReason } from './promotion-form';

const CODE: PromoCodeAnswer = {
  id: 7,
  code: 'NIGHT500',
  kind: 'fixed',
  value: 50_000,
  package_ids: [11, 12],
  valid_from: '2026-12-01T04:30:00.000Z',
  valid_to: null,
  max_uses: 20,
  max_uses_per_email: 1,
  active: true,
  auto_apply: false,
  used_count: 0,
  usage: { orders: 0, tickets: 0, discount: 0 },
  created_at: '2026-11-01T00:00:00.000Z',
};
const COLOMBO = 'Asia/Colombo';

describe('the promo code edit form', () => {
  it("shows a code as typed: money in major units, times on the venue's clocks", () => {
    expect(formValuesOf(CODE, COLOMBO)).toEqual({
      kind: 'fixed',
      value: '500.00',
      package_ids: ['11', '12'],
      valid_from: '2026-12-01T10:00',
      valid_to: '',
      max_uses: '20',
      max_uses_per_email: '1',
      active: true,
      auto_apply: false,
    });
  });

  it('sends nothing for a form not touched, and only what changed otherwise', () => {
    const untouched = ruleBodyOf(formValuesOf(CODE, COLOMBO), COLOMBO);
    if (!untouched.ok) throw new Error('the form reads');
    expect(changesOf(CODE, untouched.body, false)).toEqual({});

    const edited = ruleBodyOf(
      { ...formValuesOf(CODE, COLOMBO), package_ids: ['12', '11'], max_uses: '', valid_to: '2026-12-31T23:00' },
      COLOMBO,
    );
    if (!edited.ok) throw new Error('the form reads');
    expect(changesOf(CODE, edited.body, true)).toEqual({
      valid_to: '2026-12-31T17:30:00.000Z',
      max_uses: null,
      auto_apply: true,
    });
  });

  it('a change of kind sends the value with it', () => {
    const body = ruleBodyOf({ ...formValuesOf(CODE, COLOMBO), kind: 'percent', value: '500' }, COLOMBO);
    if (!body.ok) throw new Error('the form reads');
    expect(changesOf(CODE, body.body, false)).toEqual({ kind: 'percent', value: 500 });
  });

  it('says why a used code keeps its kind and value and cannot be deleted', () => {
    expect(lockedRuleReason(CODE)).toBeNull();
    expect(undeletableReason(CODE)).toBeNull();
    const used = { ...CODE, used_count: 1, usage: { orders: 1, tickets: 2, discount: 50_000 } };
    expect(lockedRuleReason(used)).toMatch(/^Used once: its kind and value can no longer change/);
    expect(undeletableReason(used)).toMatch(/Deactivate it instead/);
  });
});
