import { and, eq } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { paymentEvents, paymentGateways } from '@marquee/db/schema';

export async function hasPaymentEvent(db: Db, provider: string, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ eventId: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)))
    .limit(1);
  return rows.length > 0;
}

/** Records a handled webhook event; a second record of the same event changes nothing. */
export async function recordPaymentEvent(
  db: Db,
  event: { provider: string; eventId: string; type: string; intentId: string | null },
): Promise<void> {
  await db.insert(paymentEvents).values(event).onConflictDoNothing();
}

/** The instalment provider's display name (the payment_gateways row of kind instalments). */
export async function findInstalmentProviderName(db: Db): Promise<string> {
  const [row] = await db
    .select({ name: paymentGateways.name })
    .from(paymentGateways)
    .where(eq(paymentGateways.kind, 'instalments'))
    .limit(1);
  return row?.name ?? 'Instalments';
}
