import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { sandboxPaymentIntents, type SandboxIntentRow } from '@marquee/db/schema';
import {
  CARD_ERROR_MESSAGES,
  PAYMENT_MESSAGES,
  SANDBOX_TEST_CARDS,
  bookingReturnPath,
  isExpiryInFuture,
  type CardDetails,
  type SandboxCardOutcome,
  type SandboxConfirmResponse,
} from '@marquee/domain/payments';
import { invalidField, notFound } from '../../plugins/app-error';
import { findInstalmentProviderName } from './repository';
import { sandboxChallengePath } from './sandbox-gateway';
import type { SandboxWebhooks } from './sandbox-webhooks';

const PAYMENT_NOT_FOUND = 'Payment not found.';
const OPEN_STATUSES = ['requires_payment_method', 'requires_action'] as const;

const OUTCOME_BY_NUMBER = new Map<string, SandboxCardOutcome>(
  SANDBOX_TEST_CARDS.map((card) => [card.number, card.outcome]),
);

/** Compared in constant time, length included: both sides are hashed to the same size first. */
function secretsEqual(expected: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given)) && expected.length > 0;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;

/**
 * What the buyer does at the sandbox provider: confirm a card payment (test cards decide the outcome),
 * pass or fail a 3-D Secure challenge, approve or decline an instalment plan. Each change of an intent
 * is one conditional UPDATE (a concurrent cancel at hold expiry either wins or loses, never both) and
 * queues the provider's signed webhook in the same transaction, exactly like a real provider would.
 */
export function createSandboxProvider(db: Db, webhooks: SandboxWebhooks) {
  async function findIntent(intentId: string): Promise<SandboxIntentRow | null> {
    if (!/^(pi|inst)_sbx_[0-9a-f]{24}$/.test(intentId)) return null;
    const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intentId));
    return row ?? null;
  }

  /** Moves an open intent to `status` (and its error); null when it was no longer open. */
  async function transition(
    intentId: string,
    from: readonly SandboxIntentRow['status'][],
    status: SandboxIntentRow['status'],
    lastError: string | null,
  ): Promise<SandboxIntentRow | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(sandboxPaymentIntents)
        .set({ status, lastError, updatedAt: sql`now()` })
        .where(and(eq(sandboxPaymentIntents.id, intentId), inArray(sandboxPaymentIntents.status, [...from])))
        .returning();
      if (!row) return null;
      if (status === 'succeeded') await webhooks.enqueue(tx, 'payment_intent.succeeded', row);
      else if (lastError !== null) await webhooks.enqueue(tx, 'payment_intent.payment_failed', row);
      return row;
    });
  }

  function answer(row: SandboxIntentRow): SandboxConfirmResponse {
    const returnUrl = bookingReturnPath(row.reference);
    if (row.status === 'canceled') {
      return {
        status: 'canceled',
        error: { code: 'session_expired', message: PAYMENT_MESSAGES.sessionExpired },
        next_action: null,
        return_url: returnUrl,
      };
    }
    if (row.status === 'refunded') {
      return { status: 'succeeded', error: null, next_action: null, return_url: returnUrl };
    }
    const errorCode = row.lastError;
    return {
      status: row.status,
      error:
        row.status === 'requires_payment_method' && errorCode !== null
          ? { code: errorCode, message: cardErrorMessage(errorCode) }
          : null,
      // Answered only to a confirm that gave the client secret: the challenge's address carries it on.
      next_action:
        row.status === 'requires_action' ? { redirect_url: sandboxChallengePath(row.id, row.clientSecret) } : null,
      return_url: returnUrl,
    };
  }

  /** POST /api/sandbox/payment_intents/{id}/confirm: the card element's call. */
  async function confirmCard(intentId: string, clientSecret: string, card: CardDetails): Promise<SandboxConfirmResponse> {
    const row = await findIntent(intentId);
    if (!row || !row.id.startsWith('pi_sbx_') || !secretsEqual(row.clientSecret, clientSecret)) {
      throw notFound(PAYMENT_NOT_FOUND);
    }
    // Already settled (a double click, a retry after a lost answer): the same answer, never a second charge.
    if (!OPEN_STATUSES.some((status) => status === row.status)) return answer(row);
    if (!isExpiryInFuture({ month: card.exp_month, year: card.exp_year }, new Date())) {
      throw invalidField('card.exp_year', CARD_ERROR_MESSAGES.invalid_expiry);
    }
    const outcome = OUTCOME_BY_NUMBER.get(card.number);
    if (outcome === undefined) {
      // Sandbox mode takes no real cards: say so rather than pretending to charge one.
      throw invalidField('card.number', 'This is a test payment: use one of the test cards listed.');
    }
    const next =
      outcome === 'succeeded'
        ? await transition(row.id, OPEN_STATUSES, 'succeeded', null)
        : outcome === 'authentication_required'
          ? await transition(row.id, OPEN_STATUSES, 'requires_action', null)
          : await transition(row.id, OPEN_STATUSES, 'requires_payment_method', outcome);
    return answer(next ?? (await findIntent(row.id)) ?? row);
  }

  /**
   * An intent of this kind whose client secret is `clientSecret` (checked in constant time); null for an
   * unknown intent, another kind's, or a missing or wrong secret alike, so nothing tells them apart.
   */
  async function findOwnIntent(
    kind: 'card' | 'instalments',
    intentId: string,
    clientSecret: string | undefined,
  ): Promise<SandboxIntentRow | null> {
    const row = await findIntent(intentId);
    if (!row || !row.id.startsWith(kind === 'card' ? 'pi_sbx_' : 'inst_sbx_')) return null;
    return secretsEqual(row.clientSecret, clientSecret ?? '') ? row : null;
  }

  /** The 3-D Secure challenge page's Approve / Fail: returns where the buyer goes next. */
  async function resolveChallenge(
    intentId: string,
    clientSecret: string | undefined,
    isApproved: boolean,
  ): Promise<string> {
    const row = await findOwnIntent('card', intentId, clientSecret);
    if (!row) throw notFound(PAYMENT_NOT_FOUND);
    if (row.status === 'requires_action') {
      await (isApproved
        ? transition(row.id, ['requires_action'], 'succeeded', null)
        : transition(row.id, ['requires_action'], 'requires_payment_method', 'authentication_failed'));
    }
    return bookingReturnPath(row.reference);
  }

  /** The instalment provider's hosted page: Approve / Decline the plan; returns where the buyer goes next. */
  async function decideInstalments(
    intentId: string,
    clientSecret: string | undefined,
    isApproved: boolean,
  ): Promise<string> {
    const row = await findOwnIntent('instalments', intentId, clientSecret);
    if (!row) throw notFound(PAYMENT_NOT_FOUND);
    if (row.status === 'requires_payment_method') {
      await (isApproved
        ? transition(row.id, ['requires_payment_method'], 'succeeded', null)
        : transition(row.id, ['requires_payment_method'], 'requires_payment_method', 'instalments_declined'));
    }
    return bookingReturnPath(row.reference);
  }

  /** What a hosted page shows: the intent's amount and state; null when unknown or the secret is not its own. */
  async function describe(
    kind: 'card' | 'instalments',
    intentId: string,
    clientSecret: string | undefined,
  ): Promise<SandboxIntentRow | null> {
    return findOwnIntent(kind, intentId, clientSecret);
  }

  return {
    confirmCard,
    resolveChallenge,
    decideInstalments,
    describe,
    instalmentProviderName: () => findInstalmentProviderName(db),
  };
}

function cardErrorMessage(code: string): string {
  switch (code) {
    case 'card_declined':
    case 'insufficient_funds':
    case 'expired_card':
    case 'authentication_failed':
      return CARD_ERROR_MESSAGES[code];
    default:
      return PAYMENT_MESSAGES.unexpected;
  }
}
