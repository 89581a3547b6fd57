import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation } from '@marquee/db/factories';
import { webhookDeliveries } from '@marquee/db/schema';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { insertTestWebhookEndpoint } from '../../test-support/integration-rows';
import { createIntegrationsService } from './service';
import { recordWebhookEvent } from './webhook-events';

/**
 * The webhook worker in several processes at once (decisions/044): workers sharing one database claim due
 * deliveries with `FOR UPDATE SKIP LOCKED` and a lease, so each event reaches the receiver once however many
 * run together. On PostgreSQL (`DATABASE_URL`, as in CI) the workers' statements run side by side on the pool's
 * connections; PGlite runs them one after another (still a check of the outcome).
 */
const EVENTS = 30;
const WORKERS = 4;

let t: TestApp;
let server: Server;
const received: string[] = [];
let url = '';

beforeAll(async () => {
  t = await buildTestApp();
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(String(request.headers['marquee-event-id']));
      // A slow receiver: the workers' claims overlap while the first sends are under way.
      setTimeout(() => response.writeHead(204).end(), 20);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t?.close();
});

describe('the webhook worker in several processes', () => {
  it(`delivers ${EVENTS} events once each with ${WORKERS} workers running together`, async () => {
    const organisation = await createOrganisation(t.db, { name: 'Busy Promotions' });
    const endpoint = await insertTestWebhookEndpoint(t.db, { organisationId: organisation.id, url });
    for (let index = 0; index < EVENTS; index += 1) {
      await recordWebhookEvent(t.db, {
        organisationId: organisation.id,
        type: 'order.completed',
        data: { booking_id: `MQ${index}` },
      });
    }
    const workers = Array.from({ length: WORKERS }, () =>
      createIntegrationsService({ db: t.db, allowLoopbackHttp: true }),
    );
    const now = new Date(Date.now() + 1_000);
    // Each worker takes a few at a time until nothing is due, all at once.
    const outcomes = await Promise.all(
      workers.map(async (worker) => {
        let delivered = 0;
        for (;;) {
          const outcome = await worker.deliverDue({ now, limit: 3 });
          delivered += outcome.delivered;
          if (outcome.delivered + outcome.retried + outcome.failed === 0) return delivered;
        }
      }),
    );
    expect(outcomes.reduce((sum, each) => sum + each, 0)).toBe(EVENTS);
    expect(received).toHaveLength(EVENTS);
    expect(new Set(received).size).toBe(EVENTS);
    const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(rows.map((row) => `${row.status}/${row.attempts}`)).toEqual(
      Array.from({ length: EVENTS }, () => 'delivered/1'),
    );
  });
});
