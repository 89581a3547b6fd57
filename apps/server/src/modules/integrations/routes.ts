import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiKeyCreateBodySchema,
  ApiKeyCreatedAnswerSchema,
  ApiKeyListAnswerSchema,
  ApiKeySchema,
  API_KEY_SCOPES,
  MAX_ACTIVE_API_KEYS,
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LOG_LENGTH,
  WebhookDeliveryListAnswerSchema,
  WebhookEndpointCreateBodySchema,
  WebhookEndpointCreatedAnswerSchema,
  WebhookEndpointListAnswerSchema,
  WebhookEndpointSchema,
  WebhookEndpointUpdateBodySchema,
  WebhookTestAnswerSchema,
} from '@marquee/domain/integrations';
import { startPeriodicWorker } from '../../lib/periodic-worker';
import { errorResponses, noContent, securedBy, sendNoContent } from '../../plugins/openapi';
import { organiserOf } from '../../plugins/organiser-access';
import { limit } from '../../plugins/rate-limits';
import type { IntegrationsService } from './service';

export interface IntegrationsModuleOptions {
  service: IntegrationsService;
  /** How often the webhook worker runs; 0 turns it off (tests drive it with their own clock). */
  deliverIntervalMs?: number;
}

/** Who may not: asked to sign in, to use a second factor, refused the permission, or shown no such thing. */
const GUARD_CODES = ['sign_in_required', 'two_factor_required', 'forbidden', 'not_found'] as const;
const MAX_ID = 2_147_483_647;
const idOf = (what: string) =>
  z.coerce
    .number({ error: `must be ${what} id` })
    .int()
    .positive()
    .max(MAX_ID);
const OrganisationParamsSchema = z.object({ org: z.string() });
const KeyParamsSchema = z.object({ org: z.string(), keyId: idOf('an API key') });
const EndpointParamsSchema = z.object({ org: z.string(), endpointId: idOf('a webhook endpoint') });

const KEYS = '/api/organiser/:org/api-keys';
const HOOKS = '/api/organiser/:org/webhooks';
const OWNERS_ONLY = 'Needs `integration.manage` (owners; never an API key).';

/**
 * Integrations (issue 22; docs/decisions/044): an organisation's API keys and webhook endpoints, and the worker
 * that delivers webhooks in every process. Every route needs `integration.manage`; answers are never cached,
 * and a secret is answered once, at creation.
 */
export const integrationsModule: FastifyPluginAsync<IntegrationsModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  const worker = startPeriodicWorker(fastify, {
    name: 'webhook deliveries (integrations)',
    intervalMs: options.deliverIntervalMs ?? 0,
    run: () => service.deliverDue(),
  });
  service.setKick(() => worker.kick());
  fastify.addHook('onClose', () => worker.stop());

  // Test events per organisation: each is a request to someone's server, so they are counted.
  const testEventLimit = limit(fastify, {
    name: 'webhook-test-organisation',
    max: 20,
    windowMs: 60 * 60_000,
    key: (request) => String(organiserOf(request).organisationId),
    message: 'This organisation has sent too many test events in the last hour. Please try again later.',
  });

  app.get(
    KEYS,
    {
      config: { permission: 'integration.manage' },
      schema: {
        tags: ['organiser'],
        summary: "The organisation's API keys",
        description: `${OWNERS_ONLY} Each key's name, display prefix, scopes, events, maker, when made, last used and revoked; never its secret.`,
        security: securedBy('session'),
        params: OrganisationParamsSchema,
        response: { 200: ApiKeyListAnswerSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.listKeys(organiserOf(request));
    },
  );

  app.post(
    KEYS,
    {
      config: { permission: 'integration.manage' },
      schema: {
        tags: ['organiser'],
        summary: 'Make an API key (its secret is answered once)',
        description: `${OWNERS_ONLY} \`scopes\`: permissions among ${API_KEY_SCOPES.map((scope) => `\`${scope}\``).join(', ')} that the maker holds (422 otherwise); \`event_uids\`: only these events (left out: all). The answer's \`secret\` (\`mq_live_…\`) is never shown again: only its SHA-256 is stored. Use it as \`Authorization: Bearer mq_live_…\` on \`/api/organiser/{org}/…\`. At most ${MAX_ACTIVE_API_KEYS} keys at once (409 \`conflict\`). Recorded in the audit log.`,
        security: securedBy('session'),
        params: OrganisationParamsSchema,
        body: ApiKeyCreateBodySchema,
        response: { 201: ApiKeyCreatedAnswerSchema, ...errorResponses(...GUARD_CODES, 'conflict') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await service.createKey(organiserOf(request), request.body));
    },
  );

  app.post(
    `${KEYS}/:keyId/revoke`,
    {
      config: { permission: 'integration.manage' },
      schema: {
        tags: ['organiser'],
        summary: 'Revoke an API key',
        description: `${OWNERS_ONLY} From now on the key is refused (401 \`api_key_invalid\`). Revoking a revoked key changes nothing. Recorded in the audit log.`,
        security: securedBy('session'),
        params: KeyParamsSchema,
        response: { 200: ApiKeySchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.revokeKey(organiserOf(request), request.params.keyId);
    },
  );

  app.get(
    HOOKS,
    {
      config: { permission: 'integration.manage' },
      schema: {
        tags: ['organiser'],
        summary: "The organisation's webhook endpoints",
        description: `${OWNERS_ONLY} Each endpoint's address, events and whether it is on; never its secret.`,
        security: securedBy('session'),
        params: OrganisationParamsSchema,
        response: { 200: WebhookEndpointListAnswerSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.listEndpoints(organiserOf(request));
    },
  );

  app.post(
    HOOKS,
    {
      config: { permission: 'integration.manage' },
      schema: {
        tags: ['organiser'],
        summary: 'Add a webhook endpoint (its signing secret is answered once)',
        description: `${OWNERS_ONLY} \`url\` must be https:// and every address its name resolves to public: private, loopback, link-local (cloud metadata), carrier-grade NAT, unique-local, multicast and IPv4-mapped forms of them are 422 \`webhook_url_refused\` (checked again before every delivery). \`events\`: among ${WEBHOOK_EVENT_TYPES.map((type) => `\`${type}\``).join(', ')}. Deliveries are POSTs signed \`Marquee-Signature: t={unix},v1={hex HMAC-SHA256(secret, t + "." + body)}\`, with \`Marquee-Event-Id\`; retried with backoff for up to 8 attempts. At most ${MAX_WEBHOOK_ENDPOINTS} endpoints (409 \`conflict\`). Recorded in the audit log.`,
        security: securedBy('session'),
        params: OrganisationParamsSchema,
        body: WebhookEndpointCreateBodySchema,
        response: {
          201: WebhookEndpointCreatedAnswerSchema,
          ...errorResponses(...GUARD_CODES, 'conflict', 'webhook_url_refused'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await service.createEndpoint(organiserOf(request), request.body));
    },
  );

  app.patch(
    `${HOOKS}/:endpointId`,
    {
      config: { permission: 'integration.manage' },
      schema: {
        tags: ['organiser'],
        summary: 'Turn a webhook endpoint on or off, or change its events',
        description: `${OWNERS_ONLY} Recorded in the audit log.`,
        security: securedBy('session'),
        params: EndpointParamsSchema,
        body: WebhookEndpointUpdateBodySchema,
        response: { 200: WebhookEndpointSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.updateEndpoint(organiserOf(request), request.params.endpointId, request.body);
    },
  );

  app.delete(
    `${HOOKS}/:endpointId`,
    {
      config: { permission: 'integration.manage' },
      schema: {
        tags: ['organiser'],
        summary: 'Delete a webhook endpoint and its deliveries',
        description: `${OWNERS_ONLY} Recorded in the audit log.`,
        security: securedBy('session'),
        params: EndpointParamsSchema,
        response: { ...noContent('Deleted.'), ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      await service.deleteEndpoint(organiserOf(request), request.params.endpointId);
      return sendNoContent(reply);
    },
  );

  app.get(
    `${HOOKS}/:endpointId/deliveries`,
    {
      config: { permission: 'integration.manage' },
      schema: {
        tags: ['organiser'],
        summary: "A webhook endpoint's delivery log",
        description: `${OWNERS_ONLY} The newest ${WEBHOOK_LOG_LENGTH} deliveries: event, status, attempts, last HTTP status or error, when last tried and when next.`,
        security: securedBy('session'),
        params: EndpointParamsSchema,
        response: { 200: WebhookDeliveryListAnswerSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.listDeliveries(organiserOf(request), request.params.endpointId);
    },
  );

  app.post(
    `${HOOKS}/:endpointId/test`,
    {
      config: { permission: 'integration.manage' },
      preHandler: testEventLimit,
      schema: {
        tags: ['organiser'],
        summary: 'Send a webhook endpoint a test event',
        description: `${OWNERS_ONLY} Queues a \`webhook.test\` event for this endpoint alone and sends it at once (202; the delivery log shows the outcome). A turned-off endpoint: 409 \`conflict\`. At most 20 an hour per organisation (429).`,
        security: securedBy('session'),
        params: EndpointParamsSchema,
        response: { 202: WebhookTestAnswerSchema, ...errorResponses(...GUARD_CODES, 'conflict', 'rate_limited') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(202).send(await service.sendTestEvent(organiserOf(request), request.params.endpointId));
    },
  );
};
