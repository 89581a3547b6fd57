import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { sandboxPaymentIntents, type SandboxIntentRow } from '@marquee/db/schema';
import { CurrencySchema } from '@marquee/domain/money';
import type { CreateIntentInput, PaymentGateway, PaymentIntent, ReservedIntent } from './gateway';
import type { SandboxWebhooks } from './sandbox-webhooks';
import { batchWhileBusy } from '../../lib/batch-while-busy';


/** Where the sandbox's hosted pages live (the provider's pages, served by Marquee itself). */
export function sandboxChallengePath(intentId: string): string {
  return `/sandbox/3ds/${encodeURIComponent(intentId)}`;
}
export function sandboxInstalmentsPath(intentId: string): string {
  return `/sandbox/instalments/${encodeURIComponent(intentId)}`;
}

export function toSandboxIntent(row: SandboxIntentRow): PaymentIntent {
  const isCard = row.id.startsWith('pi_sbx_');
  return {
    intentId: row.id,
    clientSecret: isCard ? row.clientSecret : null,
    redirectUrl: isCard ? null : sandboxInstalmentsPath(row.id),
    status: row.status,
    amount: row.amount,
    currency: CurrencySchema.parse(row.currency),
    reference: row.reference,
    lastErrorCode: row.lastError,
  };
}

/**
 * The sandbox gateway, the embedded default: intents live in our database, so an order can be paid
 * with test cards (card) or a hosted approval page (instalments) without any third party. Creating is
 * idempotent on the order's reference, like a real provider with an idempotency key. What the buyer does
 * at the provider (confirming a card, approving a plan) is in sandbox-provider.ts.
 */
export function createSandboxGateway(db: Db, kind: 'card' | 'instalments', webhooks: SandboxWebhooks): PaymentGateway {
  const prefix = kind === 'card' ? 'pi_sbx_' : 'inst_sbx_';
  // The intents of an on-sale rush are written together (one statement and one commit for each batch),
  // as a provider's API would take them, each answered once its row is stored. Idempotent on the
  // reference: a repeated one is not inserted (null), and the stored intent is answered instead.
  const insertIntent = batchWhileBusy(
    async (rows: readonly (typeof sandboxPaymentIntents.$inferInsert)[]) => {
      const inserted = await db
        .insert(sandboxPaymentIntents)
        .values([...rows])
        .onConflictDoNothing({ target: sandboxPaymentIntents.reference })
        .returning();
      const byReference = new Map(inserted.map((row) => [row.reference, row]));
      return rows.map((row) => byReference.get(row.reference) ?? null);
    },
    { maxBatch: 200 },
  );

  function reserveIntent(): ReservedIntent {
    const id = `${prefix}${randomBytes(12).toString('hex')}`;
    return {
      intentId: id,
      clientSecret: kind === 'card' ? `${id}_secret_${randomBytes(16).toString('base64url')}` : null,
      redirectUrl: kind === 'card' ? null : sandboxInstalmentsPath(id),
    };
  }

  return {
    provider: 'sandbox',
    kind,
    reserveIntent,
    async createIntent(input: CreateIntentInput) {
      const reserved = input.reserved ?? reserveIntent();
      const id = reserved.intentId;
      const inserted = await insertIntent({
        id,
        clientSecret: reserved.clientSecret ?? `${id}_secret_${randomBytes(16).toString('base64url')}`,
        reference: input.reference,
        amount: input.amount,
        currency: input.currency,
      });
      const row =
        inserted ??
        (await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.reference, input.reference)))[0];
      if (!row) throw new Error(`Sandbox intent for ${input.reference} vanished`);
      return toSandboxIntent(row);
    },
    async retrieveIntent(intentId: string) {
      const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intentId));
      return row ? toSandboxIntent(row) : null;
    },
    async cancelIntent(intentId: string) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(sandboxPaymentIntents)
          .set({ status: 'canceled', updatedAt: sql`now()` })
          .where(
            and(
              eq(sandboxPaymentIntents.id, intentId),
              inArray(sandboxPaymentIntents.status, ['requires_payment_method', 'requires_action', 'processing']),
            ),
          )
          .returning();
        if (row) await webhooks.enqueue(tx, 'payment_intent.canceled', row);
      });
    },
    async refundIntent(intentId: string) {
      await db
        .update(sandboxPaymentIntents)
        .set({ status: 'refunded', updatedAt: sql`now()` })
        .where(and(eq(sandboxPaymentIntents.id, intentId), eq(sandboxPaymentIntents.status, 'succeeded')));
    },
  };
}
