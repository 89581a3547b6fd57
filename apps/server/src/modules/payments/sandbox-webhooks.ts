import { ensureAppSecret } from '../../lib/app-secrets';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@marquee/db/client';
import { sandboxWebhookDeliveries, type SandboxIntentRow } from '@marquee/db/schema';
import { WebhookSignatureError, type WebhookEvent, type WebhookVerifier } from './gateway';
import { signPayload, verifySignedPayload } from './signed-payload';

/** The header the sandbox signs its webhooks with: `t={unix seconds},v1={hex HMAC-SHA256 of "t.body"}`. */
export const SANDBOX_SIGNATURE_HEADER = 'marquee-signature';
/** Deliveries are retried with exponential backoff (2 s, 4 s, … up to 10 min) this many times, then given up. */
const MAX_ATTEMPTS = 12;

const SandboxEventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.string().max(100),
  data: z.object({ object: z.object({ id: z.string().max(100) }) }),
});

export type SandboxEventType = 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.canceled';

/** Sends one signed delivery; answers the HTTP status (or throws on a network error). */
export type WebhookTransport = (body: string, headers: Record<string, string>) => Promise<number>;

/** Signs a payload as the sandbox's webhooks are signed (tests sign their own with it). */
export { signPayload as signSandboxPayload };

export interface SandboxWebhooks {
  /** Queues the event for the intent's change, in the caller's transaction (sent after it commits). */
  enqueue(tx: Tx, type: SandboxEventType, intent: SandboxIntentRow): Promise<void>;
  verifier: WebhookVerifier;
  /** Delivers what is due now; answers how many were delivered. The worker calls it; tests too. */
  deliverDue(transport: WebhookTransport): Promise<number>;
  /** The signing key, made once per database and shared by every server process. */
  secret(): Promise<string>;
}

export function createSandboxWebhooks(db: Db): SandboxWebhooks {
  let cachedSecret: string | null = null;

  async function secret(): Promise<string> {
    cachedSecret ??= await ensureAppSecret(
      db,
      'sandbox_webhook_secret',
      () => `whsec_${randomBytes(24).toString('base64url')}`,
    );
    return cachedSecret;
  }

  const verifier: WebhookVerifier = {
    provider: 'sandbox',
    verify(rawBody, headers): WebhookEvent {
      if (cachedSecret === null) throw new WebhookSignatureError('The webhook signature cannot be checked yet.');
      const json = verifySignedPayload(rawBody, headers[SANDBOX_SIGNATURE_HEADER], cachedSecret);
      const event = SandboxEventSchema.safeParse(json);
      if (!event.success) throw new WebhookSignatureError('The webhook body is not an event.');
      const type =
        event.data.type === 'payment_intent.succeeded' ||
        event.data.type === 'payment_intent.payment_failed' ||
        event.data.type === 'payment_intent.canceled'
          ? event.data.type
          : 'other';
      return { id: event.data.id, type, intentId: type === 'other' ? null : event.data.data.object.id };
    },
  };

  return {
    verifier,
    secret,
    async enqueue(tx, type, intent) {
      const eventId = `evt_sbx_${randomBytes(12).toString('hex')}`;
      const payload = JSON.stringify({
        id: eventId,
        type,
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: intent.id,
            status: intent.status,
            amount: intent.amount,
            currency: intent.currency,
            reference: intent.reference,
            last_error: intent.lastError,
          },
        },
      });
      await tx.insert(sandboxWebhookDeliveries).values({ eventId, payload });
    },
    async deliverDue(transport) {
      const key = await secret();
      // Claimed with SKIP LOCKED and pushed into the future first: two processes never send one twice at once,
      // and a process that dies mid-send leaves it to be retried when its time comes.
      const due = await db.execute(sql`
        UPDATE ${sandboxWebhookDeliveries}
        SET attempts = attempts + 1,
            next_attempt_at = now() + make_interval(secs => least(600, power(2, attempts + 1)))
        WHERE id IN (
          SELECT id FROM ${sandboxWebhookDeliveries}
          WHERE delivered_at IS NULL AND next_attempt_at <= now() AND attempts < ${MAX_ATTEMPTS}
          ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED
        )
        RETURNING id, payload`);
      const rows = z.object({ rows: z.array(z.object({ id: z.number(), payload: z.string() })) }).parse(due).rows;
      let delivered = 0;
      for (const row of rows) {
        let error: string | null = null;
        try {
          const status = await transport(row.payload, {
            'content-type': 'application/json',
            [SANDBOX_SIGNATURE_HEADER]: signPayload(key, row.payload),
          });
          if (status < 200 || status >= 300) error = `HTTP ${status}`;
        } catch (cause) {
          error = cause instanceof Error ? cause.message : String(cause);
        }
        await db
          .update(sandboxWebhookDeliveries)
          .set(error === null ? { deliveredAt: sql`now()`, lastError: null } : { lastError: error.slice(0, 500) })
          .where(and(eq(sandboxWebhookDeliveries.id, row.id), isNull(sandboxWebhookDeliveries.deliveredAt)));
        if (error === null) delivered += 1;
      }
      return delivered;
    },
  };
}
