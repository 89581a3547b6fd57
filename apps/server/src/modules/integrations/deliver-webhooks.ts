import type { LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@marquee/db/client';
import { WEBHOOK_MAX_ATTEMPTS } from '@marquee/domain/integrations';
import { signPayload } from '../payments/signed-payload';
import { checkWebhookUrl, type CheckedWebhookUrl, type WebhookUrlPolicy } from './webhook-url';

/**
 * The webhook worker (decisions/044), in every server process like the mail outbox's: due deliveries are
 * claimed with `FOR UPDATE SKIP LOCKED` and leased (their next attempt pushed past the longest send) in one
 * statement, so two processes never send one at once and a process that dies mid-send leaves it to be retried
 * when the lease runs out. Each is POSTed to its endpoint's address, checked again (DNS resolved, every address
 * public) and pinned: the connection goes to the address that was checked. 2xx is delivered; anything else
 * (another status, a redirect, which is never followed, a timeout, a refused address) is retried with
 * exponential backoff and jitter, and given up ('failed') after WEBHOOK_MAX_ATTEMPTS attempts.
 *
 * Time is a parameter (`now`): the tests drive the retries by calling the worker at later times, no sleeps.
 */

/** The header of the signature: `t={unix seconds},v1={hex HMAC-SHA256(secret, "{t}.{body}")}` (Stripe's scheme). */
export const WEBHOOK_SIGNATURE_HEADER = 'marquee-signature';
export const WEBHOOK_EVENT_ID_HEADER = 'marquee-event-id';
export const WEBHOOK_EVENT_TYPE_HEADER = 'marquee-event-type';
/** One attempt's longest time, connection to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How long a claimed delivery is left to the process that claimed it: well above one attempt's longest time. */
const LEASE_SECONDS = 120;
/** The wait after each failed attempt (1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h), ±10 % jitter. */
const BACKOFF_SECONDS = [60, 300, 1_800, 7_200, 21_600, 43_200, 86_400] as const;

/** The wait before the attempt after `attempts` failed ones; `random` in [0, 1) spreads retries apart. */
export function backoffSeconds(attempts: number, random: number): number {
  const base = BACKOFF_SECONDS[Math.min(Math.max(attempts, 1), BACKOFF_SECONDS.length) - 1] ?? 86_400;
  return Math.round(base * (0.9 + 0.2 * random));
}

/** Sends one signed body to a checked address; answers the HTTP status, or throws on a network error or timeout. */
export type WebhookSender = (
  target: CheckedWebhookUrl,
  body: string,
  headers: Record<string, string>,
) => Promise<number>;

/**
 * POSTs over node:http(s) to the checked address only: the request's `lookup` answers the address the check
 * resolved, whatever DNS says now (TLS still checks the certificate against the host name). No redirects are
 * followed (node:http never does); the answer's body is not read.
 */
export const pinnedSender: WebhookSender = (target, body, headers) =>
  new Promise<number>((resolve, reject) => {
    const pinned: RequestOptions['lookup'] = (_hostname, options, callback) => {
      const entry: LookupAddress = { address: target.address, family: target.family };
      if ((options as { all?: boolean }).all) {
        (callback as (error: null, addresses: LookupAddress[]) => void)(null, [entry]);
      } else {
        (callback as (error: null, address: string, family: number) => void)(null, entry.address, entry.family);
      }
    };
    const options: RequestOptions = {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: pinned,
      agent: false,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      timeout: WEBHOOK_TIMEOUT_MS,
    };
    const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(target.url, options, (response: IncomingMessage) => {
      resolve(response.statusCode ?? 0);
      response.destroy();
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  });

const ClaimedSchema = z.object({
  rows: z.array(
    z.object({
      id: z.coerce.number(),
      event_id: z.string(),
      event_type: z.string(),
      payload: z.unknown(),
      attempts: z.coerce.number(),
      url: z.string(),
      secret: z.string(),
      active: z.boolean(),
    }),
  ),
});

export interface DeliverOptions {
  policy: WebhookUrlPolicy;
  send?: WebhookSender;
  /** The worker's clock: what is due, and when the next attempts are. */
  now?: Date;
  limit?: number;
  random?: () => number;
}

export interface DeliveryOutcome {
  delivered: number;
  retried: number;
  failed: number;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.name === 'TimeoutError' ? 'timed out' : error.message;
  return String(error);
}

/** Delivers what is due at `now`. The periodic worker calls it; so do the tests, with their own clock. */
export async function deliverDueWebhooks(db: Db, options: DeliverOptions): Promise<DeliveryOutcome> {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const send = options.send ?? pinnedSender;
  const random = options.random ?? Math.random;
  const claimed = await db.execute(sql`
    WITH due AS (
      SELECT id FROM webhook_deliveries
      WHERE status = 'pending' AND next_attempt_at <= ${at}::timestamptz
      ORDER BY next_attempt_at, id
      LIMIT ${options.limit ?? 20}
      FOR UPDATE SKIP LOCKED
    ), leased AS (
      UPDATE webhook_deliveries d
      SET attempts = d.attempts + 1,
          last_attempt_at = ${at}::timestamptz,
          next_attempt_at = ${at}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
      FROM due
      WHERE d.id = due.id
      RETURNING d.id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.attempts
    )
    SELECT leased.id, leased.event_id, leased.event_type, leased.payload, leased.attempts, e.url, e.secret, e.active
    FROM leased JOIN webhook_endpoints e ON e.id = leased.endpoint_id
    ORDER BY leased.id`);
  const outcome: DeliveryOutcome = { delivered: 0, retried: 0, failed: 0 };
  for (const row of ClaimedSchema.parse(claimed).rows) {
    let statusCode: number | null = null;
    let error: string | null = null;
    if (!row.active) {
      error = 'the endpoint is disabled';
    } else {
      const body = JSON.stringify(row.payload);
      try {
        const target = await checkWebhookUrl(row.url, options.policy);
        statusCode = await send(target, body, {
          'content-type': 'application/json',
          'user-agent': 'Marquee-Webhooks/1.0',
          [WEBHOOK_SIGNATURE_HEADER]: signPayload(row.secret, body, Math.floor(now.getTime() / 1000)),
          [WEBHOOK_EVENT_ID_HEADER]: row.event_id,
          [WEBHOOK_EVENT_TYPE_HEADER]: row.event_type,
        });
        if (statusCode < 200 || statusCode >= 300) error = `HTTP ${statusCode}`;
      } catch (cause) {
        error = describe(cause);
      }
    }
    const isDelivered = error === null;
    const isGivenUp = !isDelivered && (row.attempts >= WEBHOOK_MAX_ATTEMPTS || !row.active);
    const status = isDelivered ? 'delivered' : isGivenUp ? 'failed' : 'pending';
    const next =
      isDelivered || isGivenUp ? null : new Date(now.getTime() + backoffSeconds(row.attempts, random()) * 1000);
    // Only the lease holder's attempt is recorded: a process whose lease ran out cannot overwrite a later one.
    await db.execute(sql`
      UPDATE webhook_deliveries
      SET status = ${status},
          last_status_code = ${statusCode},
          last_error = ${error === null ? null : error.slice(0, 500)},
          delivered_at = ${isDelivered ? at : null}::timestamptz,
          next_attempt_at = coalesce(${next ? next.toISOString() : null}::timestamptz, next_attempt_at)
      WHERE id = ${row.id} AND status = 'pending' AND attempts = ${row.attempts}`);
    if (isDelivered) outcome.delivered += 1;
    else if (isGivenUp) outcome.failed += 1;
    else outcome.retried += 1;
  }
  return outcome;
}
