import { eq } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { paymentGateways } from '@marquee/db/schema';
import type { PaymentGateway, WebhookVerifier } from './gateway';
import { createSandboxGateway } from './sandbox-gateway';
import type { SandboxWebhooks } from './sandbox-webhooks';

export interface PaymentGateways {
  /** The implementation behind a payment_gateways row, by the row's kind; null for an unknown id. */
  forId(gatewayId: number): Promise<PaymentGateway | null>;
  /** Which card form the web app shows. */
  readonly cardProvider: 'sandbox' | 'stripe';
  /** Webhook verifiers by provider name (the `:provider` of the webhook route). */
  readonly verifiers: ReadonlyMap<string, WebhookVerifier>;
}

export interface GatewayOptions {
  sandboxWebhooks: SandboxWebhooks;
  /** Stripe for card payments, when configured (STRIPE_SECRET_KEY and friends). */
  stripe?: { gateway: PaymentGateway; verifier: WebhookVerifier } | undefined;
}

/**
 * Maps payment_gateways rows to implementations: card payments go to Stripe when it is configured and to
 * the sandbox otherwise; instalments go to the sandbox instalment provider.
 */
export function createPaymentGateways(db: Db, options: GatewayOptions): PaymentGateways {
  const byKind = {
    card: options.stripe?.gateway ?? createSandboxGateway(db, 'card', options.sandboxWebhooks),
    instalments: createSandboxGateway(db, 'instalments', options.sandboxWebhooks),
  } as const;
  const verifiers = new Map<string, WebhookVerifier>([['sandbox', options.sandboxWebhooks.verifier]]);
  if (options.stripe) verifiers.set('stripe', options.stripe.verifier);
  const kindById = new Map<number, 'card' | 'instalments'>();
  return {
    cardProvider: options.stripe ? 'stripe' : 'sandbox',
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
