import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Db } from '@marquee/db/client';
import type { ErrorBody } from '@marquee/domain/errors';
import type { AppConfig } from './config';
import { seedDemoAccounts, type DemoAccountsSummary } from './demo/demo-accounts';
import { ensureAppSecret } from './lib/app-secrets';
import { Redis } from 'ioredis';
import { accountsModule } from './modules/accounts/routes';
import { authoringModule } from './modules/authoring/routes';
import { captchaModule } from './modules/captcha/routes';
import { registerCsrf } from './plugins/csrf';
import { registerErrorHandling } from './plugins/errors';
import { registerOpenApi, responseSerializerCompiler } from './plugins/openapi';
import { registerOrganiserAccess } from './plugins/organiser-access';
import { registerRateLimits } from './plugins/rate-limits';
import { registerSecurityHeaders } from './plugins/security-headers';
import { bookingsModule } from './modules/bookings/routes';
import { catalogModule } from './modules/catalog/routes';
import { inventoryModule } from './modules/inventory/routes';
import { mailModule } from './modules/mail/routes';
import { ordersModule } from './modules/orders/routes';
import { admissionOf, waitingRoomModule } from './modules/waiting-room/routes';
import { mediaModule } from './modules/media/routes';
import { notifyMeModule } from './modules/notify-me/routes';
import { waitlistModule } from './modules/waitlist/routes';
import { organisationsModule } from './modules/organisations/routes';
import { auditModule } from './modules/audit/routes';
import { deskModule } from './modules/desk/routes';
import { exportsModule } from './modules/exports/routes';
import { gateModule } from './modules/gate/routes';
import { promotionsConsoleModule } from './modules/promotions-console/routes';
import { importsModule } from './modules/imports/routes';
import { operatorsModule } from './modules/operators/routes';
import { venuesModule } from './modules/venues/routes';
import { pagesModule } from './modules/pages/routes';
import { teamModule } from './modules/team/routes';
import { paymentsModule } from './modules/payments/routes';
import { refundsModule } from './modules/refunds/routes';
import { eventChangesModule } from './modules/event-changes/routes';
import { deskTicketsModule } from './modules/desk-tickets/routes';
import { integrationsModule } from './modules/integrations/routes';
import { reportsModule } from './modules/reports/routes';
import type { WebhookTransport } from './modules/payments/sandbox-webhooks';
import { ticketsModule } from './modules/tickets/routes';
import { buildServices } from './services';

export interface AppDeps {
  db: Db;
  config: AppConfig;
  /** The demo's organiser accounts (`npm start`): seeded once the services exist, then handed to `onSeeded`. */
  demoAccounts?: {
    password?: string | undefined;
    totpSecret?: string | undefined;
    onSeeded: (summary: DemoAccountsSummary) => void;
  };
}

const CLOSING_BODY = JSON.stringify({
  code: 'service_unavailable',
  message: 'The server is restarting. Please try again in a moment.',
} satisfies ErrorBody);

/** A request that arrived while the server shuts down: 503, and the connection closed after it. */
function sendClosing(response: ServerResponse): void {
  response.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(CLOSING_BODY),
    connection: 'close',
  });
  response.end(CLOSING_BODY);
}

/** The router's own refusals (an undecodable address, a parameter past maxParamLength) in our error shape. */
function sendRouterRefusal(fastifyCode: string, reply: FastifyReply): FastifyReply {
  const message =
    fastifyCode === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A part of the address is too long.' : 'The address is not valid.';
  return reply.code(400).send({ code: 'bad_request', message } satisfies ErrorBody);
}

/** Builds the whole HTTP app: plugins, error handling, modules, the web app. Never listens (see main.ts). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Shutting down (main.ts): set by the preClose hook below.
  let isClosing = false;
  const app = Fastify({
    logger: deps.config.logLevel === 'silent' ? false : { level: deps.config.logLevel },
    // A line per request costs half the throughput (STACK-NOTES) and drowns the operator: debug and trace only.
    logController: new LogController({
      disableRequestLogging: deps.config.logLevel !== 'debug' && deps.config.logLevel !== 'trace',
    }),
    bodyLimit: 64 * 1024,
    // The client address comes from X-Forwarded-For only when the peer is one of the proxies named in
    // TRUSTED_PROXIES (none by default): anyone else, a neighbour on the private network included, could
    // otherwise name a new address on every request and slip past the per-client limits (decisions/028).
    trustProxy: deps.config.trustedProxies?.length ? [...deps.config.trustedProxies] : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Requests that arrive while shutting down get our 503 in the documented error shape, not Fastify's. It is
    // answered in front of Fastify (one boolean per request): a Fastify onRequest hook for it cost about a
    // tenth of the catalogue's rate (bench/catalog, decisions/027).
    return503OnClosing: false,
    serverFactory: (handler) => {
      const server = createServer((request, response) =>
        isClosing ? sendClosing(response) : handler(request, response),
      );
      // Fastify's defaults for the HTTP server it would make itself (this app sets none of its own).
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
    frameworkErrors: (error, _request, reply) => sendRouterRefusal(error.code, reply as unknown as FastifyReply),
  });
  // The API speaks JSON (and forms only where a page posts one): a text/plain body is a 415, not a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  // Shutting down (main.ts): the answers to requests still in flight say `Connection: close`, so Node ends
  // their kept-alive connections after them. Otherwise the server's close would wait for each client to
  // drop its idle connection (up to the keep-alive timeout) and the shutdown would run out of time.
  app.addHook('preClose', (done) => {
    isClosing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isClosing) reply.header('connection', 'close');
    done(null, payload);
  });

  registerSecurityHeaders(app, {
    isHttps: deps.config.publicUrl.startsWith('https:'),
    allowStripe: Boolean(deps.config.stripe),
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  // Counters shared by every server process when Redis is configured: rate limits and used captchas.
  const redis = deps.config.redisUrl
    ? new Redis(deps.config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : null;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'Redis unavailable'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  registerRateLimits(app, {
    redis,
    // The database's own namespace in Redis: every process on this database shares its counters, and another
    // database (a test's, a staging copy) on the same Redis never sees them.
    redisNamespace: redis
      ? await ensureAppSecret(deps.db, 'redis_namespace', () => randomBytes(6).toString('hex'))
      : '',
    ...(deps.config.rateLimitMemoryKeys ? { memoryKeys: deps.config.rateLimitMemoryKeys } : {}),
  });
  // Before any route is declared: it adds the standard error responses to each (plugins/openapi.ts).
  await registerOpenApi(app, { publicUrl: deps.config.publicUrl });
  await registerCsrf(app, { enabled: deps.config.csrf ?? true, isHttps: deps.config.publicUrl.startsWith('https:') });

  const services = await buildServices({ db: deps.db, config: deps.config, redis, log: app.log });
  if (deps.demoAccounts) {
    const { onSeeded, ...given } = deps.demoAccounts;
    onSeeded(await seedDemoAccounts({ db: deps.db, accounts: services.auth }, given));
  }
  // Before any route is declared: a console route without a permission stops the boot (fail closed).
  registerOrganiserAccess(app, {
    currentSession: services.accounts.currentSession,
    ...services.organisations.access,
    // `Authorization: Bearer mq_live_…`: an organisation's API key through the same guard (decisions/044).
    ...services.integrations.access,
  });
  await app.register(captchaModule, { captcha: services.captcha });
  await app.register(accountsModule, { service: services.accounts, captcha: services.captcha });
  await app.register(catalogModule, { service: services.catalog });
  await app.register(inventoryModule, { db: deps.db, seatStatesTtlMs: deps.config.env === 'test' ? 0 : 1_000 });
  const isTest = deps.config.env === 'test';
  // Tests drive the workers themselves unless a period is given; production runs them on these periods.
  const workers = deps.config.workers ?? {};
  const period = (given: number | undefined, fallback: number) => given ?? (isTest ? 0 : fallback);
  await app.register(ordersModule, {
    service: services.orders,
    sweepIntervalMs: period(workers.holdSweepIntervalMs, 30_000),
    requireCaptcha: services.captcha.requireOnce,
    currentUserId: services.currentUserId,
    admissionOf,
    recordOrderAnswer: services.orderHealth.record,
  });
  await app.register(waitingRoomModule, {
    service: services.waitingRoom,
    isHttps: deps.config.publicUrl.startsWith('https:'),
    ...(services.pages.distDir ? { renderPage: (pathname: string, search: string) => services.pages.page(pathname, search) } : {}),
  });
  await app.register(paymentsModule, {
    service: services.payments,
    sandbox: services.sandboxProvider,
    gateways: services.gateways,
    sandboxWebhooks: services.sandboxWebhooks,
    stripePublishableKey: services.stripePublishableKey,
    webhookTransport: deps.config.webhookTargetUrl ? httpTransport(deps.config.webhookTargetUrl) : undefined,
    webhookIntervalMs: period(workers.webhookIntervalMs, 2_000),
  });
  await app.register(ticketsModule, { service: services.tickets });
  await app.register(bookingsModule, {
    service: services.bookings,
    captcha: services.captcha,
    currentUserId: services.currentUserId,
    ...(deps.config.bookingLookupLimit ? { lookupLimit: deps.config.bookingLookupLimit } : {}),
  });
  await app.register(mailModule, {
    service: services.mail,
    config: deps.config,
    sendIntervalMs: period(workers.mailSendIntervalMs, 5_000),
  });
  await app.register(notifyMeModule, {
    service: services.notifyMe,
    captcha: services.captcha,
    currentUserId: services.currentUserId,
    // Sales that opened (a sale start passed, an organiser's status change): subscribers told within 10 s.
    intervalMs: period(undefined, 10_000),
  });
  await app.register(waitlistModule, {
    service: services.waitlist,
    captcha: services.captcha,
    currentUserId: services.currentUserId,
    // Tickets that came back are offered to the next in line within 5 s (a confirmation kicks it at once).
    intervalMs: period(workers.waitlistIntervalMs, 5_000),
  });
  await app.register(organisationsModule, { service: services.organisations });
  await app.register(auditModule, { service: services.audit });
  await app.register(deskModule, { service: services.desk });
  await app.register(deskTicketsModule, { service: services.deskTickets });
  await app.register(exportsModule, { service: services.exports });
  await app.register(promotionsConsoleModule, { service: services.promotionsConsole });
  await app.register(gateModule, { service: services.gate });
  await app.register(reportsModule, { service: services.reports });
  await app.register(importsModule, { service: services.imports });
  await app.register(operatorsModule, { service: services.operators });
  await app.register(mediaModule, { service: services.media });
  await app.register(venuesModule, { service: services.venues });
  await app.register(authoringModule, {
    service: services.authoring,
    previewEvent: (eventId) => services.catalog.previewEvent(eventId),
  });
  await app.register(teamModule, { service: services.team });
  await app.register(refundsModule, {
    service: services.refunds,
    // Pending refunds whose gateway call failed or whose process died are retried (decisions/037).
    sweepIntervalMs: period(workers.refundSweepIntervalMs, 60_000),
  });
  await app.register(eventChangesModule, {
    service: services.eventChanges,
    worker: services.cancellationWorker,
    // A cancelled event's refunds, a batch per tick in every process (decisions/040).
    intervalMs: period(workers.eventCancelIntervalMs, 1_000),
  });
  await app.register(integrationsModule, {
    service: services.integrations,
    // Organisers' webhooks: due deliveries every 5 s in every process (decisions/044).
    deliverIntervalMs: period(undefined, 5_000),
  });
  await app.register(pagesModule, { service: services.pages });
  return app;
}

/** Webhooks over real HTTP to this server's own endpoint, as a provider would send them. */
function httpTransport(url: string): WebhookTransport {
  return async (body, headers) => {
    const response = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return response.status;
  };
}
