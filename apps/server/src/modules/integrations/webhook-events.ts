import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@marquee/db/client';
import type { WebhookEventType } from '@marquee/domain/integrations';

/**
 * Webhook events (issue 22; decisions/044), queued in the transaction of the change they announce: the order's
 * completion (orders/completion.ts), a refund's decision (refunds/service.ts), a ticket's admission
 * (tickets/check-in.ts, and the gate's scans). One row per subscribed, active endpoint of the organisation, all
 * with the same event id; the change and its deliveries commit or roll back together, so an announced change
 * happened and a change is always announced. The worker (deliver-webhooks.ts) sends them.
 */

export interface WebhookEventInput {
  /** The organisation whose endpoints hear of it; or the event (`eventId` or `eventUid`) whose organisation does. */
  organisationId?: number;
  eventId?: number;
  eventUid?: string;
  type: WebhookEventType;
  /** The event's object: ids, amounts and times as the API writes them; never secrets or tokens. */
  data: Record<string, unknown>;
}

/** A webhook event's id (`Marquee-Event-Id`, `id` in the body): the same for every endpoint it goes to. */
export function newWebhookEventId(): string {
  return `evt_${randomBytes(12).toString('hex')}`;
}

/** The body every delivery of an event carries. */
export function webhookPayload(id: string, type: string, data: Record<string, unknown>, at = new Date()) {
  return { id, type, created: Math.floor(at.getTime() / 1000), data };
}

/**
 * Queues `type` for the organisation's active endpoints subscribed to it, in `tx` (one INSERT … SELECT: nothing
 * when none is).
 */
export async function recordWebhookEvent(tx: Tx | Db, input: WebhookEventInput): Promise<void> {
  if (input.organisationId === undefined && input.eventId === undefined && input.eventUid === undefined) {
    throw new Error('recordWebhookEvent: name the organisation or the event');
  }
  const eventId = newWebhookEventId();
  const payload = JSON.stringify(webhookPayload(eventId, input.type, input.data));
  const organisation =
    input.organisationId !== undefined
      ? sql`${input.organisationId}::integer`
      : input.eventId !== undefined
        ? sql`(SELECT ev.organisation_id FROM events ev WHERE ev.id = ${input.eventId})`
        : sql`(SELECT ev.organisation_id FROM events ev WHERE ev.uid = ${input.eventUid})`;
  await tx.execute(sql`
    INSERT INTO webhook_deliveries (endpoint_id, organisation_id, event_id, event_type, payload)
    SELECT e.id, e.organisation_id, ${eventId}, ${input.type}, ${payload}::jsonb
    FROM webhook_endpoints e
    WHERE e.organisation_id = ${organisation} AND e.active AND ${input.type} = ANY(e.events)`);
}
