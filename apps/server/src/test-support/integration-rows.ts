import { randomBytes } from 'node:crypto';
import type { Db } from '@marquee/db/client';
import { apiKeys, webhookEndpoints } from '@marquee/db/schema';
import { API_KEY_DISPLAY_LENGTH, API_KEY_PREFIX } from '@marquee/domain/integrations';
import { apiKeyHash } from '../plugins/api-key-bearer';

/**
 * Integrations' rows made directly (decisions/044), for the attack tests' `prepare` and the module's own tests:
 * a key (its secret answered) and a webhook endpoint of an organisation.
 */
export async function insertTestApiKey(
  db: Db,
  values: { organisationId: number; createdBy: string | null; scopes?: string[]; eventIds?: number[] | null },
): Promise<{ id: number; secret: string }> {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      organisationId: values.organisationId,
      name: 'Prepared key',
      prefix: secret.slice(0, API_KEY_DISPLAY_LENGTH),
      tokenHash: apiKeyHash(secret),
      scopes: values.scopes ?? ['order.read'],
      eventIds: values.eventIds ?? null,
      createdBy: values.createdBy,
    })
    .returning({ id: apiKeys.id });
  if (!row) throw new Error('no api_keys row');
  return { id: row.id, secret };
}

export async function insertTestWebhookEndpoint(
  db: Db,
  values: { organisationId: number; url?: string; events?: string[]; secret?: string; active?: boolean },
): Promise<{ id: number; secret: string }> {
  const secret = values.secret ?? `whsec_${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      organisationId: values.organisationId,
      url: values.url ?? 'https://93.184.215.14/marquee-webhooks',
      secret,
      events: values.events ?? ['order.completed'],
      active: values.active ?? true,
    })
    .returning({ id: webhookEndpoints.id });
  if (!row) throw new Error('no webhook_endpoints row');
  return { id: row.id, secret };
}
