import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '@marquee/domain/integrations';
import { actorWords } from './audit-display';
import { deliveryOutcome } from './integration-display';

const delivery = (overrides: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 1,
  event_id: 'evt_1',
  event_type: 'order.completed',
  status: 'pending',
  attempts: 0,
  last_status_code: null,
  last_error: null,
  last_attempt_at: null,
  next_attempt_at: '2026-11-20T09:00:00.000Z',
  created_at: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

describe('a delivery in words', () => {
  it.each([
    [{}, 'Waiting to be sent'],
    [{ attempts: 1, last_status_code: 500 }, 'Retrying (HTTP 500)'],
    [{ attempts: 2, last_error: 'timed out' }, 'Retrying (timed out)'],
    [{ status: 'delivered', attempts: 1, last_status_code: 204 }, 'Delivered (HTTP 204)'],
    [{ status: 'failed', attempts: 8, last_status_code: 503 }, 'Gave up (HTTP 503)'],
  ] as const)('%o: %s', (overrides, words) => {
    expect(deliveryOutcome(delivery(overrides))).toBe(words);
  });
});

describe('an API key in the audit log', () => {
  it('is named by its prefix, with who made it', () => {
    expect(actorWords({ kind: 'api_key', email: 'kumari@example.com', role: 'api_key:mq_live_Ab3x' })).toEqual({
      name: 'API key mq_live_Ab3x…',
      detail: 'made by kumari@example.com',
    });
    expect(actorWords({ kind: 'api_key', email: null, role: null })).toEqual({ name: 'An API key', detail: null });
  });
});
