import { describe, expect, it } from 'vitest';
import { priceOrder, promoApplies } from './pricing';

const vip = { packageId: 1, unitPrice: 1_500_00, quantity: 2 };
const general = { packageId: 2, unitPrice: 999, quantity: 3 };

describe('priceOrder', () => {
  it('adds lines, the convenience fee and nothing else without a promotion', () => {
    const totals = priceOrder({ packages: [vip, general], handlingCost: 250 });
    expect(totals.lines.map((l) => l.amount)).toEqual([3_000_00, 2_997]);
    expect(totals.subtotal).toBe(3_029_97);
    expect(totals.convenienceFee).toBe(250);
    expect(totals.discount).toBe(0);
    expect(totals.total).toBe(3_032_47);
    expect(totals.firstInstalment).toBe(1_010_82);
  });

  it('drops empty lines', () => {
    expect(priceOrder({ packages: [{ ...vip, quantity: 0 }], handlingCost: 0 }).lines).toEqual([]);
  });

  it('rounds a percentage discount half up to a minor unit', () => {
    const totals = priceOrder({
      packages: [general],
      handlingCost: 0,
      promo: { kind: 'percent', value: 15, packageIds: [] },
    });
    // 15% of 29.97 = 4.4955 -> 4.50
    expect(totals.discount).toBe(450);
    expect(totals.total).toBe(2_547);
  });

  it('discounts only the packages a scoped promotion covers', () => {
    const totals = priceOrder({
      packages: [vip, general],
      handlingCost: 0,
      promo: { kind: 'percent', value: 10, packageIds: [2] },
    });
    expect(totals.discount).toBe(300);
  });

  it('never discounts more than the covered lines, nor the fee', () => {
    const totals = priceOrder({
      packages: [general],
      handlingCost: 500,
      promo: { kind: 'fixed', value: 1_000_000, packageIds: [] },
    });
    expect(totals.discount).toBe(2_997);
    expect(totals.total).toBe(500);
  });

  it('charges no fee on a free order', () => {
    expect(priceOrder({ packages: [{ packageId: 3, unitPrice: 0, quantity: 2 }], handlingCost: 500 }).total).toBe(0);
  });
});

describe('promoApplies', () => {
  it('needs one covered package with tickets', () => {
    expect(promoApplies({ kind: 'fixed', value: 1, packageIds: [] }, [vip])).toBe(true);
    expect(promoApplies({ kind: 'fixed', value: 1, packageIds: [2] }, [vip])).toBe(false);
    expect(promoApplies({ kind: 'fixed', value: 1, packageIds: [2] }, [{ ...general, quantity: 0 }])).toBe(false);
  });
});
