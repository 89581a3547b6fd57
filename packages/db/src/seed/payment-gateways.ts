import type { Db } from '../client';
import { paymentGateways } from '../schema';

/** Card is the default gateway; the instalment provider's id (2) is fixed by the product (spec section 9). */
export const CARD_GATEWAY_ID = 1;
export const INSTALMENTS_GATEWAY_ID = 2;

export const PAYMENT_GATEWAYS: (typeof paymentGateways.$inferInsert)[] = [
  { id: CARD_GATEWAY_ID, name: 'Card', kind: 'card', logo: '/images/gateways/card.svg' },
  { id: INSTALMENTS_GATEWAY_ID, name: 'PayIn3', kind: 'instalments', logo: '/images/gateways/payin3.svg' },
];

/**
 * The gateways every event can refer to; existing rows are left as they are. Read first, so that a caller that
 * may only read them (the console's role, decisions/034) passes once they exist.
 */
export async function ensurePaymentGateways(db: Db): Promise<void> {
  const existing = new Set((await db.select({ id: paymentGateways.id }).from(paymentGateways)).map((row) => row.id));
  const missing = PAYMENT_GATEWAYS.filter((gateway) => !existing.has(gateway.id));
  if (missing.length === 0) return;
  await db.insert(paymentGateways).values(missing).onConflictDoNothing({ target: paymentGateways.id });
}
