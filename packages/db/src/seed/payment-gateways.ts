import type { Db } from '../client';
import { paymentGateways } from '../schema';

/** Card is the default gateway; the instalment provider's id (2) is fixed by the product (spec section 9). */
export const CARD_GATEWAY_ID = 1;
export const INSTALMENTS_GATEWAY_ID = 2;

export const PAYMENT_GATEWAYS: (typeof paymentGateways.$inferInsert)[] = [
  { id: CARD_GATEWAY_ID, name: 'Card', kind: 'card', logo: '/images/gateways/card.svg' },
  { id: INSTALMENTS_GATEWAY_ID, name: 'PayIn3', kind: 'instalments', logo: '/images/gateways/payin3.svg' },
];

/** The gateways every event can refer to; existing rows are left as they are. */
export async function ensurePaymentGateways(db: Db): Promise<void> {
  await db.insert(paymentGateways).values(PAYMENT_GATEWAYS).onConflictDoNothing({ target: paymentGateways.id });
}
