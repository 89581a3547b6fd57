import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { sandboxPaymentIntents } from '@marquee/db/schema';
import type { CreateIntentInput, PaymentGateway, PaymentIntent } from './gateway';

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;

/**
 * The sandbox gateway, the embedded default: intents live in our database, so an order can be paid
 * with test cards (card) or a hosted approval page (instalments) without any third party. Creating is
 * idempotent on the order's reference, like a real provider with an idempotency key.
 */
export function createSandboxGateway(db: Db, kind: 'card' | 'instalments'): PaymentGateway {
  const prefix = kind === 'card' ? 'pi_sbx_' : 'inst_sbx_';

  function toIntent(row: IntentRow): PaymentIntent {
    return {
      intentId: row.id,
      clientSecret: kind === 'card' ? row.clientSecret : null,
      redirectUrl: kind === 'instalments' ? `/sandbox/instalments/${row.id}` : null,
      status: row.status,
    };
  }

  return {
    kind,
    async createIntent(input: CreateIntentInput) {
      const id = `${prefix}${randomBytes(12).toString('hex')}`;
      const inserted = await db
        .insert(sandboxPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(16).toString('base64url')}`,
          reference: input.reference,
          amount: input.amount,
          currency: input.currency,
        })
        .onConflictDoNothing({ target: sandboxPaymentIntents.reference })
        .returning();
      const row =
        inserted[0] ??
        (await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.reference, input.reference)))[0];
      if (!row) throw new Error(`Sandbox intent for ${input.reference} vanished`);
      return toIntent(row);
    },
    async retrieveIntent(intentId: string) {
      const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intentId));
      return row ? toIntent(row) : null;
    },
    async cancelIntent(intentId: string) {
      await db
        .update(sandboxPaymentIntents)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(
          and(
            eq(sandboxPaymentIntents.id, intentId),
            inArray(sandboxPaymentIntents.status, ['requires_payment_method', 'requires_action', 'processing']),
          ),
        );
    },
  };
}
