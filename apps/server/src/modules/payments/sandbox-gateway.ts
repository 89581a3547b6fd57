import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { sandboxPaymentIntents, sandboxRefunds, type SandboxIntentRow } from '@marquee/db/schema';
import { CurrencySchema } from '@marquee/domain/money';
import type { CreateIntentInput, PaymentGateway, PaymentIntent, RefundOptions, ReservedIntent } from './gateway';
import type { SandboxWebhooks } from './sandbox-webhooks';
import { batchWhileBusy } from '../../lib/batch-while-busy';

/**
 * Where the sandbox's hosted pages live (the provider's pages, served by Marquee itself). Each address
 * carries the intent's client secret, as Stripe's hosted pages carry theirs: the pages and their approvals
 * answer only to it, and only the buyer's browser has it (the order's creator gets it with the order; the
 * 3-D Secure address is answered only to a confirm that gave the secret). An intent id or a Booking ID,
 * which travel further (return addresses, e-mails, logs), approve nothing.
 */
export function sandboxChallengePath(intentId: string, clientSecret: string): string {
  return `/sandbox/3ds/${encodeURIComponent(intentId)}?client_secret=${encodeURIComponent(clientSecret)}`;
}
export function sandboxInstalmentsPath(intentId: string, clientSecret: string): string {
  return `/sandbox/instalments/${encodeURIComponent(intentId)}?client_secret=${encodeURIComponent(clientSecret)}`;
}

/** The client secret in a hosted page's address (an instalment intent's reserved redirect URL); null when none. */
function clientSecretInPath(path: string | null): string | null {
  if (path === null) return null;
  return new URL(path, 'http://sandbox.invalid').searchParams.get('client_secret');
}

function newClientSecret(intentId: string): string {
  return `${intentId}_secret_${randomBytes(24).toString('base64url')}`;
}

export function toSandboxIntent(row: SandboxIntentRow): PaymentIntent {
  const isCard = row.id.startsWith('pi_sbx_');
  return {
    intentId: row.id,
    // A card intent's secret goes to the card element; an instalment intent's only in its page's address.
    clientSecret: isCard ? row.clientSecret : null,
    redirectUrl: isCard ? null : sandboxInstalmentsPath(row.id, row.clientSecret),
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
    const secret = newClientSecret(id);
    return kind === 'card'
      ? { intentId: id, clientSecret: secret, redirectUrl: null }
      : { intentId: id, clientSecret: null, redirectUrl: sandboxInstalmentsPath(id, secret) };
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
        clientSecret: reserved.clientSecret ?? clientSecretInPath(reserved.redirectUrl) ?? newClientSecret(id),
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
    async refundIntent(intentId: string, refund?: RefundOptions) {
      if (!refund) {
        // The whole rest of the payment, keyed on the intent: a repeated call refunds nothing more.
        await db
          .update(sandboxPaymentIntents)
          .set({ status: 'refunded', refundedAmount: sql`${sandboxPaymentIntents.amount}`, updatedAt: sql`now()` })
          .where(and(eq(sandboxPaymentIntents.id, intentId), eq(sandboxPaymentIntents.status, 'succeeded')));
        return;
      }
      // Like a provider with idempotency keys: a key seen before refunds nothing more (it must ask the same);
      // a new one adds its amount, never beyond what was paid. The whole amount back turns the intent 'refunded'.
      await db.transaction(async (tx) => {
        const [seen] = await tx
          .insert(sandboxRefunds)
          .values({ idempotencyKey: refund.idempotencyKey, intentId, amount: refund.amount })
          .onConflictDoUpdate({
            target: sandboxRefunds.idempotencyKey,
            set: { requests: sql`${sandboxRefunds.requests} + 1` },
          })
          .returning();
        if (!seen || seen.intentId !== intentId || seen.amount !== refund.amount) {
          throw new Error(`Sandbox refund ${refund.idempotencyKey} was first asked with other parameters`);
        }
        if (seen.requests > 1) return;
        const [changed] = await tx
          .update(sandboxPaymentIntents)
          .set({
            refundedAmount: sql`${sandboxPaymentIntents.refundedAmount} + ${refund.amount}`,
            status: sql`CASE WHEN ${sandboxPaymentIntents.refundedAmount} + ${refund.amount} = ${sandboxPaymentIntents.amount} THEN 'refunded' ELSE ${sandboxPaymentIntents.status} END`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(sandboxPaymentIntents.id, intentId),
              eq(sandboxPaymentIntents.status, 'succeeded'),
              sql`${sandboxPaymentIntents.refundedAmount} + ${refund.amount} <= ${sandboxPaymentIntents.amount}`,
            ),
          )
          .returning({ id: sandboxPaymentIntents.id });
        if (!changed) throw new Error(`Sandbox intent ${intentId} cannot be refunded ${refund.amount} more`);
      });
    },
  };
}
