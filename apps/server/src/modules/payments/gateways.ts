import { eq } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { paymentGateways } from '@marquee/db/schema';
import { AppError } from '../../plugins/app-error';
import type { PaymentGateway, WebhookVerifier } from './gateway';
import { createSandboxGateway } from './sandbox-gateway';
import type { SandboxWebhooks } from './sandbox-webhooks';

export interface PaymentGateways {
  /** The implementation behind a payment_gateways row, by the row's kind; null for an unknown id. */
  forId(gatewayId: number): Promise<PaymentGateway | null>;
  /** Which card form the web app shows. */
  readonly cardProvider: 'sandbox' | 'stripe';
  /** The kinds of payment a configured provider takes: events offer only these (no instalments beside Stripe alone). */
  readonly offeredKinds: ReadonlySet<'card' | 'instalments'>;
  /** Payments are tests (the sandbox, or Stripe's test keys): the site says so, tickets and e-mails are marked. */
  readonly testMode: boolean;
  /** Webhook verifiers by provider name (the `:provider` of the webhook route). */
  readonly verifiers: ReadonlyMap<string, WebhookVerifier>;
}

export interface GatewayOptions {
  sandboxWebhooks: SandboxWebhooks;
  /** The sandbox providers run (PAYMENTS_SANDBOX), never together with Stripe; absent: on unless Stripe is given. */
  sandbox?: boolean | undefined;
  /** Stripe for card payments, when configured (STRIPE_SECRET_KEY and friends). */
  stripe?: { gateway: PaymentGateway; verifier: WebhookVerifier; isTestMode?: boolean } | undefined;
  /** A hosted-redirect instalment provider, when configured (INSTALMENTS_*; decisions/033): beside Stripe only. */
  instalments?: { gateway: PaymentGateway; verifier: WebhookVerifier } | undefined;
}

export const INSTALMENTS_UNAVAILABLE =
  'Paying in instalments is not available at the moment. Please choose to pay by card.';

/**
 * A kind of payment no configured provider takes (instalments beside Stripe without an instalment provider:
 * decisions/030, 033). An order for
 * it is refused before anything is held: `reserveIntent` runs before the order is placed, and refuses as a
 * field error on the payment method, as an event that does not accept the method is refused. Nothing was
 * ever paid through it, so there is nothing to retrieve, cancel or refund.
 */
function unavailableGateway(kind: 'card' | 'instalments', message: string): PaymentGateway {
  const refuse = (): never => {
    throw new AppError('validation_failed', message, { payment_gateway_id: [message] });
  };
  return {
    provider: 'sandbox',
    kind,
    reserveIntent: refuse,
    createIntent: async () => refuse(),
    retrieveIntent: async () => null,
    cancelIntent: async () => {},
    refundIntent: async () => {},
  };
}

/**
 * Maps payment_gateways rows to implementations. With Stripe configured, card payments go to Stripe, and
 * instalments to the hosted-redirect instalment provider when one is configured (decisions/033), refused
 * otherwise (decisions/030); with the sandbox on (the embedded demo and tests), both go to the sandbox
 * providers. The sandbox never runs beside a real provider.
 */
export function createPaymentGateways(db: Db, options: GatewayOptions): PaymentGateways {
  const sandbox = options.sandbox ?? !options.stripe;
  if (options.stripe && sandbox) {
    throw new Error('The sandbox payment providers cannot run beside Stripe: turn PAYMENTS_SANDBOX off.');
  }
  if (options.instalments && sandbox) {
    throw new Error(
      'The sandbox payment providers cannot run beside a real instalment provider: configure Stripe for cards and turn PAYMENTS_SANDBOX off.',
    );
  }
  if (!options.stripe && !sandbox) {
    throw new Error('No payment provider: configure Stripe, or turn PAYMENTS_SANDBOX on for test payments.');
  }
  const byKind = {
    card: options.stripe?.gateway ?? createSandboxGateway(db, 'card', options.sandboxWebhooks),
    instalments: sandbox
      ? createSandboxGateway(db, 'instalments', options.sandboxWebhooks)
      : (options.instalments?.gateway ?? unavailableGateway('instalments', INSTALMENTS_UNAVAILABLE)),
  } as const;
  const verifiers = new Map<string, WebhookVerifier>();
  if (sandbox) verifiers.set('sandbox', options.sandboxWebhooks.verifier);
  if (options.stripe) verifiers.set('stripe', options.stripe.verifier);
  if (options.instalments) verifiers.set('instalments', options.instalments.verifier);
  const kindById = new Map<number, 'card' | 'instalments'>();
  return {
    cardProvider: options.stripe ? 'stripe' : 'sandbox',
    offeredKinds: new Set(sandbox || options.instalments ? ['card', 'instalments'] : ['card']),
    testMode: sandbox || (options.stripe?.isTestMode ?? false),
    verifiers,
    async forId(gatewayId) {
      let kind = kindById.get(gatewayId);
      if (!kind) {
        const [row] = await db
          .select({ kind: paymentGateways.kind })
          .from(paymentGateways)
          .where(eq(paymentGateways.id, gatewayId));
        if (!row) return null;
        kind = row.kind;
        kindById.set(gatewayId, kind);
      }
      return byKind[kind];
    },
  };
}
