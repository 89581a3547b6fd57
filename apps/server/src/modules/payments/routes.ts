import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { CurrencySchema } from '@marquee/domain/money';
import {
  PaymentsConfigSchema,
  SandboxConfirmRequestSchema,
  SandboxConfirmResponseSchema,
  bookingReturnPath,
} from '@marquee/domain/payments';
import { startPeriodicWorker } from '../../lib/periodic-worker';
import { byClient, limit } from '../../plugins/rate-limits';
import type { PaymentGateways } from './gateways';
import { challengePage, instalmentsPage } from './sandbox-pages';
import type { SandboxProvider } from './sandbox-provider';
import type { SandboxWebhooks, WebhookTransport } from './sandbox-webhooks';
import type { PaymentsService } from './service';

export interface PaymentsModuleOptions {
  service: PaymentsService;
  /** The sandbox provider when the configuration runs it (PAYMENTS_SANDBOX); null: its API and pages do not exist. */
  sandbox: SandboxProvider | null;
  gateways: PaymentGateways;
  sandboxWebhooks: SandboxWebhooks;
  stripePublishableKey: string | null;
  /**
   * How the sandbox delivers its webhooks: over HTTP to this server's own address in production
   * (main.ts), through `inject` when none is given (tests).
   */
  webhookTransport?: WebhookTransport | undefined;
  /** How often due sandbox webhooks are sent (and retried); 0 turns the worker off (tests drive it). */
  webhookIntervalMs?: number;
}

const IntentParamsSchema = z.object({ intent_id: z.string().max(100) });
/** A hosted page's address: the intent's client secret, which only the buyer's browser has (missing: as if wrong). */
const HostedPageQuerySchema = z.object({ client_secret: z.string().max(200).optional() });
const DecisionBodySchema = z.object({
  decision: z.enum(['approve', 'fail', 'decline']),
  client_secret: z.string().max(200).optional(),
});
const PAYMENT_NOT_FOUND = { code: 'not_found', message: 'Payment not found.' } as const;

/** Payments: the return address, provider webhooks, and the sandbox provider's API and hosted pages. */
export const paymentsModule: FastifyPluginAsync<PaymentsModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service, sandbox } = options;

  app.get(
    '/api/payments/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which card form the checkout shows',
        response: { 200: PaymentsConfigSchema },
      },
    },
    async () => ({
      card_provider: options.gateways.cardProvider,
      stripe_publishable_key: options.stripePublishableKey,
      test_mode: options.gateways.testMode,
    }),
  );

  app.get(
    '/api/bookings/status',
    {
      // Its 404 tells a Booking ID that exists from one that does not: unknown IDs are counted per client
      // (a buyer coming back from the payment page brings a real one, and is never counted).
      preHandler: limit(fastify, {
        name: 'status-unknown-booking',
        max: 20,
        windowMs: 10 * 60_000,
        key: byClient,
        counts: ['not_found'],
        message: 'Too many unknown Booking IDs from your connection. Please wait a few minutes and try again.',
      }),
      schema: {
        tags: ['payments'],
        summary: "The spec's return address after a payment",
        description:
          'Asks the gateway where the payment stands, completes a paid order (once), and redirects (303) to the booking flow: step 4 (confirmation, or a page that polls while the payment is processing) or back to step 3 with `payment_error`. Unknown Booking IDs are limited per client (20 per 10 minutes; then 429 with Retry-After).',
        querystring: z.object({ orderId: z.string().max(64) }),
        response: { 303: z.null().describe('Redirect to the booking flow'), 404: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.redirect(await service.returnAddress(request.query.orderId), 303);
    },
  );

  await app.register(async (scope) => {
    // Signatures are over the exact bytes the provider sent: this route keeps the raw body.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/webhooks/:provider',
      {
        schema: {
          tags: ['payments'],
          summary: "A payment provider's webhook (sandbox, stripe or instalments)",
          description:
            'Verified by signature over the raw body (400 when it is missing, wrong or older than 5 minutes). Events are recorded by the provider\'s event id: a duplicate is answered `duplicate: true` and changes nothing.',
          params: z.object({ provider: z.string().max(20) }),
          response: {
            200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
            400: ErrorBodySchema,
            404: ErrorBodySchema,
          },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return service.handleWebhook(request.params.provider, body, request.headers);
      },
    );
  });

  // The sandbox provider exists only when the configuration runs it (never beside Stripe; decisions/030).
  if (sandbox) await registerSandboxProvider(app, { ...options, sandbox });
};

/** The sandbox provider's API, its hosted pages and its webhook deliveries. */
async function registerSandboxProvider(
  fastify: FastifyInstance,
  options: PaymentsModuleOptions & { sandbox: SandboxProvider },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { sandbox } = options;
  const transport: WebhookTransport =
    options.webhookTransport ??
    (async (body, headers) =>
      (await app.inject({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: body, headers })).statusCode);

  const deliveries = startPeriodicWorker(fastify, {
    name: 'sandbox webhook delivery',
    intervalMs: options.webhookIntervalMs ?? 2_000,
    run: () => options.sandboxWebhooks.deliverDue(transport),
  });
  app.addHook('onClose', () => deliveries.stop());
  /** Sends due webhooks now (after a payment changed) rather than at the next tick; off with the worker (tests). */
  function kickDeliveries(): void {
    deliveries.kick();
  }

  app.post(
    '/api/sandbox/payment_intents/:intent_id/confirm',
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox provider: confirm a card payment with a test card',
        description:
          'What the sandbox card element calls (as Stripe.js calls Stripe). Test cards decide the outcome: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; …9995 insufficient funds; …0069 expired; 4000 0027 6000 3184 needs a 3-D Secure challenge (`next_action.redirect_url`). Card outcomes are 200 with `error`; a cancelled intent (hold expired) answers `status: canceled`.',
        params: IntentParamsSchema,
        body: SandboxConfirmRequestSchema,
        response: { 200: SandboxConfirmResponseSchema, 404: ErrorBodySchema, 422: ErrorBodySchema },
      },
    },
    async (request) => {
      const answer = await sandbox.confirmCard(request.params.intent_id, request.body.client_secret, request.body.card);
      kickDeliveries();
      return answer;
    },
  );

  await app.register(async (scope) => {
    // The hosted pages' forms post urlencoded bodies (their own, outside the JSON API).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const pages = scope.withTypeProvider<ZodTypeProvider>();
    const html = { 200: z.string(), 404: ErrorBodySchema };

    pages.get(
      '/sandbox/3ds/:intent_id',
      { schema: { hide: true, params: IntentParamsSchema, querystring: HostedPageQuerySchema, response: html } },
      async (request, reply) => {
        const row = await sandbox.describe('card', request.params.intent_id, request.query.client_secret);
        if (!row) return reply.code(404).send(PAYMENT_NOT_FOUND);
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(
          challengePage({
            intentId: row.id,
            clientSecret: row.clientSecret,
            amount: row.amount,
            currency: CurrencySchema.parse(row.currency),
            reference: row.reference,
            isOpen: row.status === 'requires_action',
            returnUrl: bookingReturnPath(row.reference),
          }),
        );
      },
    );
    pages.post(
      '/sandbox/3ds/:intent_id',
      { schema: { hide: true, params: IntentParamsSchema, body: DecisionBodySchema } },
      async (request, reply) => {
        const { decision, client_secret: clientSecret } = request.body;
        const next = await sandbox.resolveChallenge(request.params.intent_id, clientSecret, decision === 'approve');
        kickDeliveries();
        return reply.redirect(next, 303);
      },
    );

    pages.get(
      '/sandbox/instalments/:intent_id',
      { schema: { hide: true, params: IntentParamsSchema, querystring: HostedPageQuerySchema, response: html } },
      async (request, reply) => {
        const row = await sandbox.describe('instalments', request.params.intent_id, request.query.client_secret);
        if (!row) return reply.code(404).send(PAYMENT_NOT_FOUND);
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(
          instalmentsPage({
            intentId: row.id,
            clientSecret: row.clientSecret,
            amount: row.amount,
            currency: CurrencySchema.parse(row.currency),
            reference: row.reference,
            providerName: await sandbox.instalmentProviderName(),
            isOpen: row.status === 'requires_payment_method',
            returnUrl: bookingReturnPath(row.reference),
          }),
        );
      },
    );
    pages.post(
      '/sandbox/instalments/:intent_id',
      { schema: { hide: true, params: IntentParamsSchema, body: DecisionBodySchema } },
      async (request, reply) => {
        const { decision, client_secret: clientSecret } = request.body;
        const next = await sandbox.decideInstalments(request.params.intent_id, clientSecret, decision === 'approve');
        kickDeliveries();
        return reply.redirect(next, 303);
      },
    );
  });
}
