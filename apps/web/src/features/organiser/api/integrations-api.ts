import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ApiKeyCreatedAnswerSchema,
  ApiKeyListAnswerSchema,
  ApiKeySchema,
  WebhookDeliveryListAnswerSchema,
  WebhookEndpointCreatedAnswerSchema,
  WebhookEndpointListAnswerSchema,
  WebhookEndpointSchema,
  WebhookTestAnswerSchema,
  type ApiKeyCreateBody,
  type WebhookEndpointCreateBody,
  type WebhookEndpointUpdateBody,
} from '@marquee/domain/integrations';
import { apiGet, apiSend } from '../../../lib/api-client';
import { organisationApiPath } from './get-team';

/**
 * The Integrations page's calls (issue 22; decisions/044): an organisation's API keys and webhook endpoints,
 * `integration.manage` (owners). Secrets come back once, in the creation's answer, and are never asked for again.
 */

/** Under the organisation's key: one invalidation of the console refreshes them too. */
export const integrationKeys = {
  all: (org: string) => ['organiser', 'organisation', org, 'integrations'] as const,
  apiKeys: (org: string) => ['organiser', 'organisation', org, 'integrations', 'api-keys'] as const,
  webhooks: (org: string) => ['organiser', 'organisation', org, 'integrations', 'webhooks'] as const,
  deliveries: (org: string, endpointId: number) =>
    ['organiser', 'organisation', org, 'integrations', 'webhooks', endpointId, 'deliveries'] as const,
};

const keysPath = (org: string) => `${organisationApiPath(org)}/api-keys`;
const hooksPath = (org: string) => `${organisationApiPath(org)}/webhooks`;

export function apiKeysQueryOptions(org: string) {
  return queryOptions({
    queryKey: integrationKeys.apiKeys(org),
    queryFn: ({ signal }) => apiGet(keysPath(org), ApiKeyListAnswerSchema, { signal }),
  });
}

export function webhooksQueryOptions(org: string) {
  return queryOptions({
    queryKey: integrationKeys.webhooks(org),
    queryFn: ({ signal }) => apiGet(hooksPath(org), WebhookEndpointListAnswerSchema, { signal }),
  });
}

export function deliveriesQueryOptions(org: string, endpointId: number) {
  return queryOptions({
    queryKey: integrationKeys.deliveries(org, endpointId),
    queryFn: ({ signal }) =>
      apiGet(`${hooksPath(org)}/${endpointId}/deliveries`, WebhookDeliveryListAnswerSchema, { signal }),
  });
}

/** POST …/api-keys: the key and its secret, shown once. */
export function createApiKey(org: string, body: ApiKeyCreateBody) {
  return apiSend('POST', keysPath(org), body, ApiKeyCreatedAnswerSchema);
}

/** POST …/api-keys/{id}/revoke: refused from the next request on. */
export function revokeApiKey(org: string, keyId: number) {
  return apiSend('POST', `${keysPath(org)}/${keyId}/revoke`, undefined, ApiKeySchema);
}

/** POST …/webhooks: the endpoint and its signing secret, shown once; an internal address is 422 `webhook_url_refused`. */
export function createWebhookEndpoint(org: string, body: WebhookEndpointCreateBody) {
  return apiSend('POST', hooksPath(org), body, WebhookEndpointCreatedAnswerSchema);
}

export function updateWebhookEndpoint(org: string, endpointId: number, body: WebhookEndpointUpdateBody) {
  return apiSend('PATCH', `${hooksPath(org)}/${endpointId}`, body, WebhookEndpointSchema);
}

export async function deleteWebhookEndpoint(org: string, endpointId: number): Promise<void> {
  await apiSend('DELETE', `${hooksPath(org)}/${endpointId}`, undefined, z.unknown());
}

/** POST …/webhooks/{id}/test: a `webhook.test` event for this endpoint, sent at once (202). */
export function sendWebhookTest(org: string, endpointId: number) {
  return apiSend('POST', `${hooksPath(org)}/${endpointId}/test`, undefined, WebhookTestAnswerSchema);
}
