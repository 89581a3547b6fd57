import { z } from 'zod';
import { PermissionSchema, type Permission } from './permissions';

/**
 * Integrations (issue 22; docs/decisions/044): an organisation's API keys and webhook endpoints, what each
 * `/api/organiser/{org}/api-keys…` and `…/webhooks…` route takes and answers. The server validates and
 * serialises with these; the console parses with them.
 *
 * No `z.coerce` here (console-params.schema.ts says why): the ids of the paths are read by the server alone.
 */

/** An API key's secret starts with this; the rest is 32 random bytes, base64url (43 characters). */
export const API_KEY_PREFIX = 'mq_live_';
/** How much of a key the console shows to tell keys apart (`mq_live_` and 4 characters). */
export const API_KEY_DISPLAY_LENGTH = API_KEY_PREFIX.length + 4;
/** Keys an organisation may have at once (not revoked). */
export const MAX_ACTIVE_API_KEYS = 25;
/** Webhook endpoints an organisation may have. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** The deliveries the console's log shows per endpoint (the newest). */
export const WEBHOOK_LOG_LENGTH = 50;
/** Attempts a delivery gets before it is given up ('failed'). */
export const WEBHOOK_MAX_ATTEMPTS = 8;

/**
 * What a key may be given: the console's reading, the desk's and the gate's work, reports and exports. Never
 * the organisation's settings, its team, payouts, event authoring or publishing, the import, nor
 * `integration.manage` itself: a key never makes keys or endpoints.
 */
export const API_KEY_SCOPES = [
  'organisation.read',
  'venue.read',
  'event.read',
  'audit.read',
  'order.read',
  'order.contact.read',
  'order.edit',
  'order.refund',
  'order.comp',
  'promo.read',
  'promo.write',
  'report.read',
  'export.run',
  'checkin.scan',
  'checkin.manage',
  'ticket.lookup',
] as const satisfies readonly Permission[];
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export function isApiKeyScope(permission: string): permission is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(permission);
}

/** The events webhooks are sent for. */
export const WEBHOOK_EVENT_TYPES = ['order.completed', 'order.refunded', 'ticket.checked_in'] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, { error: 'is not an event webhooks are sent for' });
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;
/** The console's "Send test event": delivered to one endpoint whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const INTEGRATION_MESSAGES = {
  nameRequired: 'Give the key a name that says what uses it.',
  scopesRequired: 'Choose at least one permission for the key.',
  scopesUnique: 'Name each permission once.',
  eventsRequired: 'Choose at least one event to send.',
  httpsOnly: 'The address must start with https://.',
  urlInvalid: 'Enter a full web address, like https://example.com/webhooks/marquee.',
  /** A private, loopback, link-local or otherwise internal address (SSRF). */
  urlRefused:
    'This address points inside a private network (or cannot be found): webhooks go to public addresses only.',
  keyInvalid: 'This API key is not valid: it is unknown, or it was revoked.',
  keyOrganisationOnly: 'API keys work on an organisation’s routes only (/api/organiser/{org}/…).',
} as const;

/* ---------------------------------------------------------------------------------------------- API keys */

export const ApiKeyCreateBodySchema = z.object({
  name: z.string({ error: INTEGRATION_MESSAGES.nameRequired }).trim().min(1, INTEGRATION_MESSAGES.nameRequired).max(80),
  scopes: z
    .array(PermissionSchema)
    .min(1, INTEGRATION_MESSAGES.scopesRequired)
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, INTEGRATION_MESSAGES.scopesUnique),
  /** Only these events (their uids); left out: every event of the organisation. */
  event_uids: z.array(z.string().min(1).max(64)).min(1).max(100).optional(),
});
export type ApiKeyCreateBody = z.infer<typeof ApiKeyCreateBodySchema>;

export const ApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters (`mq_live_Ab3x`), to tell keys apart; never the secret. */
  prefix: z.string(),
  scopes: z.array(PermissionSchema),
  /** null: every event. */
  event_uids: z.array(z.string()).nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListAnswerSchema = z.object({ keys: z.array(ApiKeySchema) });
export type ApiKeyListAnswer = z.infer<typeof ApiKeyListAnswerSchema>;

/** The answer of a key's creation: the only time its secret is shown. */
export const ApiKeyCreatedAnswerSchema = z.object({ key: ApiKeySchema, secret: z.string() });
export type ApiKeyCreatedAnswer = z.infer<typeof ApiKeyCreatedAnswerSchema>;

/* ---------------------------------------------------------------------------------------------- webhooks */

export const WebhookEndpointCreateBodySchema = z.object({
  url: z.string({ error: INTEGRATION_MESSAGES.urlInvalid }).trim().min(1, INTEGRATION_MESSAGES.urlInvalid).max(2000),
  events: z
    .array(WebhookEventTypeSchema)
    .min(1, INTEGRATION_MESSAGES.eventsRequired)
    .max(WEBHOOK_EVENT_TYPES.length)
    .refine((events) => new Set(events).size === events.length, 'Name each event once.'),
  description: z.string().trim().max(200).optional(),
});
export type WebhookEndpointCreateBody = z.infer<typeof WebhookEndpointCreateBodySchema>;

export const WebhookEndpointUpdateBodySchema = z
  .object({
    active: z.boolean().optional(),
    events: WebhookEndpointCreateBodySchema.shape.events.optional(),
  })
  .refine((body) => body.active !== undefined || body.events !== undefined, 'Change `active` or `events`.');
export type WebhookEndpointUpdateBody = z.infer<typeof WebhookEndpointUpdateBodySchema>;

export const WebhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(WebhookEventTypeSchema),
  active: z.boolean(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointListAnswerSchema = z.object({ endpoints: z.array(WebhookEndpointSchema) });
export type WebhookEndpointListAnswer = z.infer<typeof WebhookEndpointListAnswerSchema>;

/** The answer of an endpoint's creation: the only time its signing secret is shown. */
export const WebhookEndpointCreatedAnswerSchema = z.object({ endpoint: WebhookEndpointSchema, secret: z.string() });
export type WebhookEndpointCreatedAnswer = z.infer<typeof WebhookEndpointCreatedAnswerSchema>;

export const WebhookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  status: WebhookDeliveryStatusSchema,
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListAnswerSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });
export type WebhookDeliveryListAnswer = z.infer<typeof WebhookDeliveryListAnswerSchema>;

export const WebhookTestAnswerSchema = z.object({ delivery: WebhookDeliverySchema });
export type WebhookTestAnswer = z.infer<typeof WebhookTestAnswerSchema>;
