import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '@marquee/db/client';
import type { AppConfig } from './config';
import { createAuth } from './modules/accounts/auth';
import { createAccountsService } from './modules/accounts/service';
import { createAuthoringService } from './modules/authoring/service';
import { createBookingsService } from './modules/bookings/service';
import { createCaptcha } from './modules/captcha/service';
import { createCatalogService } from './modules/catalog/service';
import {
  createMailService,
  mailConfigOf,
  requestInvitationMail,
  requestPasswordResetMail,
} from './modules/mail/service';
import { createMediaService } from './modules/media/service';
import { createNotifyMeService } from './modules/notify-me/service';
import { createWaitlistService } from './modules/waitlist/service';
import { createOrderCompletion } from './modules/orders/completion';
import { createOrdersService } from './modules/orders/service';
import { createPagesService } from './modules/pages/service';
import { createRefundsService } from './modules/refunds/service';
import { createCancellationWorker } from './modules/event-changes/cancellation-worker';
import { createEventChangesService } from './modules/event-changes/service';
import { createIntegrationsService } from './modules/integrations/service';
import { createReportsService } from './modules/reports/service';
import { createOrganisationsService } from './modules/organisations/service';
import { createAuditService } from './modules/audit/service';
import { createDeskService } from './modules/desk/service';
import { createDeskTicketsService } from './modules/desk-tickets/service';
import { createExportsService } from './modules/exports/service';
import { createGateService } from './modules/gate/service';
import { createPromotionsConsoleService } from './modules/promotions-console/service';
import { createImportsService } from './modules/imports/service';
import { createOperatorsService } from './modules/operators/service';
import { createPaymentGateways } from './modules/payments/gateways';
import { createSandboxProvider } from './modules/payments/sandbox-provider';
import { createSandboxWebhooks } from './modules/payments/sandbox-webhooks';
import { createPaymentsService } from './modules/payments/service';
import { createInstalmentsGateway, createInstalmentsWebhookVerifier } from './modules/payments/instalments-gateway';
import { createStripeGateway, createStripeWebhookVerifier } from './modules/payments/stripe-gateway';
import { createTeamService } from './modules/team/service';
import { createTicketsService } from './modules/tickets/service';
import { createVenuesService } from './modules/venues/service';
import { createOrderHealth } from './modules/waiting-room/health';
import { createWaitingRoomService } from './modules/waiting-room/service';

export interface ServicesDeps {
  db: Db;
  config: AppConfig;
  /** Counters shared by every server process (rate limits, used captchas); null: this process counts alone. */
  redis: Redis | null;
  log: FastifyBaseLogger;
}

export type Services = Awaited<ReturnType<typeof buildServices>>;

/**
 * The composition root: every service of the server, each built once, in the order they depend on each
 * other. Route plugins are handed what they serve (app.ts) and never build a service themselves, so one
 * instance (and its caches) serves every route that needs it: the catalogue's API and its pages, say.
 */
export async function buildServices({ db, config, redis, log }: ServicesDeps) {
  const isTest = config.env === 'test';
  const captcha = await createCaptcha({ db, enabled: config.captcha ?? true, redis });
  const auth = await createAuth({
    db,
    config,
    sendResetPassword: (userId, url) => requestPasswordResetMail(db, userId, url),
  });
  const accounts = createAccountsService({ db, accounts: auth });
  const organisations = createOrganisationsService({ db });
  const team = createTeamService({ db, publicUrl: config.publicUrl, queueInvitationMail: requestInvitationMail });
  const audit = createAuditService({ db });
  const desk = createDeskService({ db });
  // Streamed exports (decisions/042): pages, slots per organisation and the idle limit from `config.exports`.
  const fileExports = createExportsService({ db, log, ...(config.exports ? { options: config.exports } : {}) });
  const promotionsConsole = createPromotionsConsoleService({ db });
  const reports = createReportsService({ db });
  const imports = createImportsService({ db });
  const operators = createOperatorsService({ db });
  const media = createMediaService({ db });
  const venues = createVenuesService({ db });
  const stripe = config.stripe ?? null;
  const instalments = config.instalments ?? null;
  // The sandbox providers run only when the configuration says so, and never beside Stripe (decisions/030).
  const isSandbox = config.paymentsSandbox ?? !stripe;
  const sandboxWebhooks = createSandboxWebhooks(db);
  const gateways = createPaymentGateways(db, {
    sandboxWebhooks,
    sandbox: isSandbox,
    stripe: stripe
      ? {
          gateway: createStripeGateway({ secretKey: stripe.secretKey, ...(stripe.api ? { api: stripe.api } : {}) }),
          verifier: createStripeWebhookVerifier(stripe.webhookSecret),
          isTestMode: stripe.secretKey.startsWith('sk_test_'),
        }
      : undefined,
    // A hosted-redirect instalment provider beside Stripe (decisions/033); the sandbox refuses to run beside it.
    instalments: instalments
      ? {
          gateway: createInstalmentsGateway({
            apiUrl: instalments.apiUrl,
            apiKey: instalments.apiKey,
            publicUrl: config.publicUrl,
            ...(instalments.timeoutMs === undefined ? {} : { timeoutMs: instalments.timeoutMs }),
          }),
          verifier: createInstalmentsWebhookVerifier(instalments.webhookSecret),
        }
      : undefined,
  });
  if (gateways.testMode) {
    log.warn('Payments are in test mode: no real money is taken, and every page, ticket and e-mail says so.');
  }
  const catalog = createCatalogService(db, { offeredKinds: gateways.offeredKinds });
  // The console's events: its publishing checklist offers only the payment kinds a provider takes now.
  const authoring = createAuthoringService({ db, offeredKinds: gateways.offeredKinds });
  // The pages share the API's catalogue service (and its caches); the web build is read here, once.
  const pages = createPagesService({ catalog, config });
  const completion = createOrderCompletion({ db, gateways });
  // The on-sale's waiting room (decisions/048): admits at the event's rate, lowered when orders get slow here.
  const orderHealth = createOrderHealth();
  const waitingRoom = createWaitingRoomService({ db, health: orderHealth, eventCacheTtlMs: isTest ? 0 : 1_000 });
  const orders = createOrdersService({
    db,
    gateways,
    completion,
    checkoutCacheTtlMs: isTest ? 0 : 1_000,
    requireAdmission: waitingRoom.requireAdmission,
  });
  const payments = createPaymentsService({ db, gateways, completion, sandboxWebhooks, log });
  const sandboxProvider = isSandbox ? createSandboxProvider(db, sandboxWebhooks) : null;
  const refunds = createRefundsService({ db, gateways, log });
  // Cancelling or postponing a whole event; a cancellation's refunds go through the refunds service (decisions/040).
  const eventChanges = createEventChangesService({ db });
  const cancellationWorker = createCancellationWorker({
    db,
    refunds,
    log,
    options: {
      ...(config.workers?.eventCancelBatchSize === undefined ? {} : { batchSize: config.workers.eventCancelBatchSize }),
      ...(config.workers?.eventCancelLeaseSeconds === undefined
        ? {}
        : { leaseSeconds: config.workers.eventCancelLeaseSeconds }),
    },
  });
  // The desk's name corrections and comps (decisions/039).
  const deskTickets = createDeskTicketsService({ db });
  // API keys and organisers' webhooks (decisions/044); loopback webhook addresses only when a test asks.
  const integrations = createIntegrationsService({
    db,
    allowLoopbackHttp: isTest && config.webhooksAllowLoopbackHttp === true,
  });

  // One tickets service: its PDF and signed links serve the ticket routes, the e-mail and the booking lookup.
  const tickets = createTicketsService({ db, config, testMode: gateways.testMode });
  const bookings = createBookingsService({ db, ticketUrl: (bookingId) => tickets.ticketUrl(bookingId) });
  // The gate verifies QR codes with the tickets' key, and admits through the same conditional UPDATE as check-in.
  const gate = createGateService({ db, verifyCode: tickets.verifyCode, publicKey: tickets.publicKey });
  const workers = config.workers ?? {};
  const mail = createMailService({
    db,
    config: mailConfigOf(config),
    publicUrl: config.publicUrl,
    log,
    renderTicketsPdf: tickets.renderTicketsPdf,
    ticketsLink: (bookingId) => tickets.ticketUrl(bookingId, { absolute: true }),
    testMode: gateways.testMode,
    ...(workers.mailRetrySeconds === undefined ? {} : { retryBaseSeconds: workers.mailRetrySeconds }),
    ...(workers.mailLeaseSeconds === undefined ? {} : { leaseSeconds: workers.mailLeaseSeconds }),
  });

  // Notify Me (issue 23; decisions/047): its e-mails go through the outbox above.
  const notifyMe = createNotifyMeService({ db, publicUrl: config.publicUrl, log });
  // The waitlist of sold-out packages (issue 23; decisions/049): its offers are orders placed through checkout.
  const waitlist = createWaitlistService({
    db,
    publicUrl: config.publicUrl,
    log,
    placeOffer: orders.placeWaitlistOffer,
  });

  return {
    captcha,
    auth,
    currentUserId: accounts.currentUserId,
    accounts,
    organisations,
    team,
    audit,
    desk,
    exports: fileExports,
    promotionsConsole,
    reports,
    imports,
    operators,
    media,
    venues,
    catalog,
    authoring,
    pages,
    gateways,
    sandboxWebhooks,
    sandboxProvider,
    completion,
    orders,
    orderHealth,
    waitingRoom,
    payments,
    refunds,
    eventChanges,
    cancellationWorker,
    deskTickets,
    integrations,
    tickets,
    gate,
    bookings,
    mail,
    notifyMe,
    waitlist,
    stripePublishableKey: stripe?.publishableKey ?? null,
  };
}
