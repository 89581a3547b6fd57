import { randomBytes } from 'node:crypto';
import type { Db } from '@marquee/db/client';
import { appendAudit, withOrganiserScope } from '@marquee/db/tenancy';
import {
  API_KEY_DISPLAY_LENGTH,
  API_KEY_PREFIX,
  isApiKeyScope,
  MAX_ACTIVE_API_KEYS,
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_LOG_LENGTH,
  WEBHOOK_TEST_EVENT,
  type ApiKey,
  type ApiKeyCreateBody,
  type ApiKeyCreatedAnswer,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreateBody,
  type WebhookEndpointCreatedAnswer,
  type WebhookEndpointUpdateBody,
  type WebhookEventType,
} from '@marquee/domain/integrations';
import { apiKeyHash } from '../../plugins/api-key-bearer';
import { AppError, notFound } from '../../plugins/app-error';
import {
  actorCan,
  organiserScopeOf,
  type ApiKeyPrincipal,
  type OrganiserAccessDeps,
  type OrganiserActor,
} from '../../plugins/organiser-access';
import { deliverDueWebhooks, type WebhookSender } from './deliver-webhooks';
import * as repository from './repository';
import { newWebhookEventId, webhookPayload } from './webhook-events';
import { checkWebhookUrl, resolveWithDns, type WebhookUrlPolicy } from './webhook-url';

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;

const MESSAGES = {
  keyNotFound: 'No such API key.',
  endpointNotFound: 'No such webhook endpoint.',
  tooManyKeys: `An organisation may have ${MAX_ACTIVE_API_KEYS} API keys at once: revoke one you no longer use first.`,
  tooManyEndpoints: `An organisation may have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: delete one first.`,
  scopeNotGiven: (scope: string) => `${scope} cannot be given to an API key.`,
  scopeNotHeld: (scope: string) => `You do not hold ${scope} yourself, so you cannot give it to a key.`,
  unknownEvents: (uids: string[]) => `No such events: ${uids.join(', ')}.`,
  endpointDisabled: 'This endpoint is turned off: turn it on to send it a test event.',
} as const;

function keyAnswer(row: repository.ApiKeyRow, uids: ReadonlyMap<number, string>): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.filter(isApiKeyScope),
    event_uids: row.eventIds === null ? null : row.eventIds.flatMap((id) => uids.get(id) ?? []),
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

const WEBHOOK_EVENTS: ReadonlySet<string> = new Set<WebhookEventType>([
  'order.completed',
  'order.refunded',
  'ticket.checked_in',
]);

function endpointAnswer(row: repository.EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter((event): event is WebhookEventType => WEBHOOK_EVENTS.has(event)),
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

export function deliveryAnswer(row: repository.DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * API keys and webhook endpoints (issue 22; docs/decisions/044). `access.findApiKey` is what the console's
 * guard reads for `Authorization: Bearer mq_live_…`; the rest are the Integrations page's use cases, each in
 * the scope the guard admitted (`integration.manage`: owners).
 */
export function createIntegrationsService(deps: {
  db: Db;
  /** Tests only: http:// and loopback webhook addresses (a receiver on 127.0.0.1). Never from the environment. */
  allowLoopbackHttp?: boolean;
  resolve?: WebhookUrlPolicy['resolve'];
  send?: WebhookSender;
}) {
  const { db } = deps;
  const policy: WebhookUrlPolicy = {
    allowLoopbackHttp: deps.allowLoopbackHttp ?? false,
    resolve: deps.resolve ?? resolveWithDns,
  };
  let kick: () => void = () => {};

  const access: Pick<OrganiserAccessDeps, 'findApiKey' | 'markApiKeyUsed'> = {
    markApiKeyUsed: (keyId) => repository.markKeyUsed(db, keyId),
    async findApiKey(tokenHash): Promise<ApiKeyPrincipal | null> {
      const row = await repository.findKeyByHash(db, tokenHash);
      if (!row) return null;
      return {
        id: row.id,
        name: row.name,
        prefix: row.prefix,
        organisationId: row.organisationId,
        slug: row.slug,
        scopes: row.scopes,
        eventIds: row.eventIds,
        isRevoked: row.revokedAt !== null,
        creator:
          row.creatorId && row.creatorEmail && row.creatorRole
            ? {
                userId: row.creatorId,
                email: row.creatorEmail,
                role: row.creatorRole,
                allEvents: row.creatorAllEvents ?? false,
              }
            : null,
      };
    },
  };

  async function uidsOf(tx: Parameters<typeof repository.findEventUids>[0], rows: repository.ApiKeyRow[]) {
    const ids = [...new Set(rows.flatMap((row) => row.eventIds ?? []))];
    return new Map((await repository.findEventUids(tx, ids)).map((event) => [event.id, event.uid]));
  }

  return {
    access,
    policy,

    /** The worker's wake-up (routes.ts hands it in): a test event goes at once. */
    setKick(wake: () => void) {
      kick = wake;
    },

    listKeys(actor: OrganiserActor): Promise<{ keys: ApiKey[] }> {
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const rows = await repository.findKeys(tx);
        const uids = await uidsOf(tx, rows);
        return { keys: rows.map((row) => keyAnswer(row, uids)) };
      });
    },

    /**
     * A new key: its scopes a subset of what may be given to a key and of what the maker holds; the secret
     * answered once and stored as its SHA-256 only.
     */
    createKey(actor: OrganiserActor, body: ApiKeyCreateBody): Promise<ApiKeyCreatedAnswer> {
      const problems = body.scopes.flatMap((scope) =>
        !isApiKeyScope(scope)
          ? [MESSAGES.scopeNotGiven(scope)]
          : actorCan(actor, scope)
            ? []
            : [MESSAGES.scopeNotHeld(scope)],
      );
      if (problems.length > 0) throw new AppError('validation_failed', problems[0] ?? '', { scopes: problems });
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        if ((await repository.countActiveKeys(tx)) >= MAX_ACTIVE_API_KEYS) {
          throw new AppError('conflict', MESSAGES.tooManyKeys);
        }
        let eventIds: number[] | null = null;
        if (body.event_uids) {
          const found = await repository.findScopedEvents(tx, body.event_uids);
          const missing = body.event_uids.filter((uid) => !found.some((event) => event.uid === uid));
          if (missing.length > 0) {
            const message = MESSAGES.unknownEvents(missing);
            throw new AppError('validation_failed', message, { event_uids: [message] });
          }
          eventIds = [...new Set(found.map((event) => event.id))];
        }
        const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
        const prefix = secret.slice(0, API_KEY_DISPLAY_LENGTH);
        const id = await repository.insertKey(tx, {
          name: body.name,
          prefix,
          tokenHash: apiKeyHash(secret),
          scopes: [...body.scopes],
          eventIds,
          createdBy: actor.userId,
        });
        await appendAudit(tx, {
          action: 'api_key.create',
          entityType: 'api_key',
          entityId: id,
          after: { name: body.name, prefix, scopes: body.scopes, event_uids: body.event_uids ?? null },
        });
        const row = await repository.findKey(tx, id);
        if (!row) throw new Error(`api key ${id} vanished`);
        return { key: keyAnswer(row, await uidsOf(tx, [row])), secret };
      });
    },

    /** Revokes a key at once (the next request with it is a 401); revoking a revoked key changes nothing. */
    revokeKey(actor: OrganiserActor, keyId: number): Promise<ApiKey> {
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const before = await repository.findKey(tx, keyId);
        if (!before) throw notFound(MESSAGES.keyNotFound);
        if (await repository.revokeKey(tx, keyId, actor.userId)) {
          await appendAudit(tx, {
            action: 'api_key.revoke',
            entityType: 'api_key',
            entityId: keyId,
            before: { name: before.name, prefix: before.prefix },
          });
        }
        const row = await repository.findKey(tx, keyId);
        if (!row) throw notFound(MESSAGES.keyNotFound);
        return keyAnswer(row, await uidsOf(tx, [row]));
      });
    },

    listEndpoints(actor: OrganiserActor): Promise<{ endpoints: WebhookEndpoint[] }> {
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => ({
        endpoints: (await repository.findEndpoints(tx)).map(endpointAnswer),
      }));
    },

    /** A new endpoint: its address checked (https, public addresses only), its signing secret answered once. */
    async createEndpoint(
      actor: OrganiserActor,
      body: WebhookEndpointCreateBody,
    ): Promise<WebhookEndpointCreatedAnswer> {
      const checked = await checkWebhookUrl(body.url, policy);
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        if ((await repository.countEndpoints(tx)) >= MAX_WEBHOOK_ENDPOINTS) {
          throw new AppError('conflict', MESSAGES.tooManyEndpoints);
        }
        const row = await repository.insertEndpoint(tx, {
          url: checked.url.href,
          description: body.description || null,
          secret,
          events: [...body.events],
          createdBy: actor.userId,
        });
        await appendAudit(tx, {
          action: 'webhook.create',
          entityType: 'webhook_endpoint',
          entityId: row.id,
          after: { url: row.url, events: row.events },
        });
        return { endpoint: endpointAnswer(row), secret };
      });
    },

    updateEndpoint(
      actor: OrganiserActor,
      endpointId: number,
      body: WebhookEndpointUpdateBody,
    ): Promise<WebhookEndpoint> {
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const before = await repository.findEndpoint(tx, endpointId);
        if (!before) throw notFound(MESSAGES.endpointNotFound);
        const changes = {
          ...(body.active === undefined ? {} : { active: body.active }),
          ...(body.events === undefined ? {} : { events: [...body.events] }),
        };
        const row = await repository.updateEndpoint(tx, endpointId, changes);
        if (!row) throw notFound(MESSAGES.endpointNotFound);
        await appendAudit(tx, {
          action: 'webhook.update',
          entityType: 'webhook_endpoint',
          entityId: endpointId,
          before: { active: before.active, events: before.events },
          after: { active: row.active, events: row.events },
        });
        return endpointAnswer(row);
      });
    },

    deleteEndpoint(actor: OrganiserActor, endpointId: number): Promise<void> {
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const before = await repository.findEndpoint(tx, endpointId);
        if (!before || !(await repository.deleteEndpoint(tx, endpointId))) {
          throw notFound(MESSAGES.endpointNotFound);
        }
        await appendAudit(tx, {
          action: 'webhook.delete',
          entityType: 'webhook_endpoint',
          entityId: endpointId,
          before: { url: before.url, events: before.events },
        });
      });
    },

    /** An endpoint's newest deliveries, for the console's log. */
    listDeliveries(actor: OrganiserActor, endpointId: number): Promise<{ deliveries: WebhookDelivery[] }> {
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        if (!(await repository.findEndpoint(tx, endpointId))) throw notFound(MESSAGES.endpointNotFound);
        const rows = await repository.findDeliveries(tx, endpointId, WEBHOOK_LOG_LENGTH);
        return { deliveries: rows.map(deliveryAnswer) };
      });
    },

    /** "Send test event": a `webhook.test` delivery to this endpoint alone, sent by the worker at once. */
    async sendTestEvent(actor: OrganiserActor, endpointId: number): Promise<{ delivery: WebhookDelivery }> {
      const delivery = await withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const endpoint = await repository.findEndpoint(tx, endpointId);
        if (!endpoint) throw notFound(MESSAGES.endpointNotFound);
        if (!endpoint.active) throw new AppError('conflict', MESSAGES.endpointDisabled);
        const eventId = newWebhookEventId();
        return repository.insertDelivery(tx, {
          endpointId,
          eventId,
          eventType: WEBHOOK_TEST_EVENT,
          payload: webhookPayload(eventId, WEBHOOK_TEST_EVENT, {
            organisation: actor.slug,
            message: 'A test event from the Marquee console.',
          }),
        });
      });
      kick();
      return { delivery: deliveryAnswer(delivery) };
    },

    /** What the worker runs (and the tests, with their own clock). */
    deliverDue(options: { now?: Date; random?: () => number; limit?: number } = {}) {
      return deliverDueWebhooks(db, { policy, ...(deps.send ? { send: deps.send } : {}), ...options });
    },
  };
}
