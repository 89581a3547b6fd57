import type { FastifyInstance } from 'fastify';
import { createTestDb, type TestDb } from '@marquee/db/testing';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import { contractBreach } from './openapi-contract';
import { errorBodyBreach, recordServerError } from './server-errors';

export interface TestApp {
  app: FastifyInstance;
  db: TestDb['db'];
  /** The test database handle (e.g. its `url` for a second process on PostgreSQL). */
  handle: TestDb;
  /** Closes the app, then the database (dropping it on PostgreSQL). */
  close(): Promise<void>;
}

export const TEST_APP_CONFIG: AppConfig = {
  env: 'test',
  publicUrl: 'http://marquee.test',
  logLevel: 'silent',
  webDistDir: null,
  // API tests that are not about them go without the captcha and the CSRF check; protection.test.ts
  // and the Playwright suite run with both (decisions/019).
  captcha: false,
  csrf: false,
};

/**
 * A fresh, migrated database (PGlite, or a copy of the PostgreSQL template when DATABASE_URL is set)
 * and the whole app on top of it, API-only unless `config.webDistDir` is given. Always `await close()`.
 */
export async function buildTestApp(config: Partial<AppConfig> = {}): Promise<TestApp> {
  const handle = await createTestDb();
  try {
    const app = await buildApp({ db: handle.db, config: { ...TEST_APP_CONFIG, ...config } });
    app.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode >= 500) recordServerError(`${request.method} ${request.url}: ${reply.statusCode}`);
    });
    // Every 4xx/5xx JSON body is in the documented shape, with a code from the domain's union; and every
    // answer of a documented route has a status and a body its OpenAPI operation documents.
    app.addHook('onSend', async (request, reply, payload) => {
      const breach = errorBodyBreach(
        request.method,
        reply.statusCode,
        String(reply.getHeader('content-type') ?? ''),
        payload,
      );
      if (breach) recordServerError(`${request.method} ${request.url}: ${reply.statusCode} ${breach}`);
      const contract = contractBreach(app, request, reply, payload);
      if (contract)
        recordServerError(`${request.method} ${request.url}: ${reply.statusCode} OpenAPI contract: ${contract}`);
      return payload;
    });
    await app.ready();
    return {
      app,
      db: handle.db,
      handle,
      async close() {
        await app.close();
        await handle.close();
      },
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
