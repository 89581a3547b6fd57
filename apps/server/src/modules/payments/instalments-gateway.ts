import { z } from 'zod';
import { CurrencySchema } from '@marquee/domain/money';
import { bookingReturnPath } from '@marquee/domain/payments';
import { AppError } from '../../plugins/app-error';
import {
  WebhookSignatureError,
  type CreateIntentInput,
  type IntentStatus,
  type PaymentGateway,
  type PaymentIntent,
  type RefundOptions,
  type WebhookEvent,
  type WebhookVerifier,
} from './gateway';
import { signPayload, verifySignedPayload } from './signed-payload';

/**
 * A hosted-redirect instalment provider ("pay in 3": Mintpay, Atome and the like), spoken to through the
 * small protocol of docs/payments-instalments-protocol.md: a plan is created server to server, the buyer
 * approves it on the provider's page and comes back to our return address, and the provider calls our
 * webhook with a signed nudge. Nothing the buyer's browser or the callback says completes an order: the
 * completion retrieves the plan (decisions/033).
 */
export interface InstalmentsGatewayOptions {
  /** The provider's API base (INSTALMENTS_API_URL), e.g. https://api.provider.example; paths go under it. */
  apiUrl: string;
  /** INSTALMENTS_API_KEY, sent as a bearer token. */
  apiKey: string;
  /** Our public origin (PUBLIC_URL): the return address the provider sends the buyer back to is under it. */
  publicUrl: string;
  /** How long one call may take before the provider counts as unavailable (default 10 s). */
  timeoutMs?: number;
  /** Instalments per plan; the product sells "Pay in 3" (spec 9). */
  instalments?: number;
}

/** The header the provider signs its callbacks with: `t={unix seconds},v1={hex HMAC-SHA256 of "t.body"}`. */
export const INSTALMENTS_SIGNATURE_HEADER = 'instalments-signature';
/** A callback signed longer ago than this (or this far in the future) is refused: a replayed capture. */
const DEFAULT_TIMEOUT_MS = 10_000;

/** What the buyer and the API answer are told when the provider cannot be reached or fails on its side. */
export const INSTALMENTS_PROVIDER_UNAVAILABLE =
  'The instalment provider cannot be reached at the moment. Please try again in a few minutes, or pay by card.';

const PlanStatusSchema = z.enum(['pending', 'approved', 'declined', 'cancelled', 'refunded']);

const PLAN_STATUSES: Record<z.infer<typeof PlanStatusSchema>, IntentStatus> = {
  // Waiting for the buyer on the provider's page.
  pending: 'requires_action',
  approved: 'succeeded',
  // The buyer may not try this plan again; the order stays payable by another one (step 3 says why).
  declined: 'requires_payment_method',
  cancelled: 'canceled',
  refunded: 'refunded',
};

/** The plan as the provider answers it, checked rather than trusted (an unknown status or currency fails loudly). */
const PlanSchema = z.object({
  id: z.string().min(1).max(100),
  status: PlanStatusSchema,
  amount: z.number().int().nonnegative(),
  currency: z
    .string()
    .transform((currency) => currency.toUpperCase())
    .pipe(CurrencySchema),
  // Required: a plan that does not say which order it pays cannot be matched to one.
  reference: z.string().min(1).max(64),
  redirect_url: z.string().max(2_000).nullish(),
  decline_code: z.string().max(100).nullish(),
});
type Plan = z.infer<typeof PlanSchema>;

/** The provider's answer could not be had (network, timeout, 5xx, 429): a 503 the buyer may retry. */
function unavailable(cause: unknown): AppError {
  const error = new AppError('service_unavailable', INSTALMENTS_PROVIDER_UNAVAILABLE);
  error.cause = cause;
  return error;
}

/** Joins the API base (which may have a path of its own) and an API path. */
function apiAddress(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/**
 * The address the buyer is sent to must be the provider's own web page: http(s) only (never `javascript:`
 * or `data:`), and https unless the API itself is plain http (a local stub).
 */
function checkedRedirectUrl(raw: string | null | undefined, allowHttp: boolean): string | null {
  if (raw === null || raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('The instalment provider answered a redirect_url that is not an absolute address');
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) {
    throw new Error(
      `The instalment provider answered a redirect_url Marquee will not send a buyer to (${url.protocol})`,
    );
  }
  return url.toString();
}

/**
 * The instalment gateway of a hosted-redirect provider (kind `instalments`, provider `instalments`). Every
 * call has a timeout; creates, cancels and refunds carry idempotency keys derived from our Booking ID or
 * the plan, so a retried checkout or settlement never makes a second plan or a second refund.
 */
export function createInstalmentsGateway(options: InstalmentsGatewayOptions): PaymentGateway {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const allowHttp = new URL(options.apiUrl).protocol === 'http:';

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: { json: unknown; idempotencyKey: string },
  ): Promise<{ status: number; json: unknown }> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(apiAddress(options.apiUrl, path), {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json', 'idempotency-key': body.idempotencyKey } : {}),
        },
        ...(body ? { body: JSON.stringify(body.json) } : {}),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The body is read within the same timeout: a provider that stalls mid-answer is as unavailable.
      text = await response.text();
    } catch (error) {
      throw unavailable(error);
    }
    if (response.status >= 500 || response.status === 429) {
      throw unavailable(new Error(`${method} ${path}: HTTP ${response.status}`));
    }
    if (response.status === 401 || response.status === 403) {
      // Our configuration is wrong, not the provider down: a 500 that the operator sees in the log.
      throw new Error(`The instalment provider refused Marquee's API key (${method} ${path}: HTTP ${response.status})`);
    }
    let json: unknown = null;
    if (text !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        throw new Error(`The instalment provider answered ${method} ${path} with a body that is not JSON`);
      }
    }
    return { status: response.status, json };
  }

  function toIntent(raw: unknown, what: string): PaymentIntent {
    const parsed = PlanSchema.safeParse(raw);
    if (!parsed.success) {
      throw new Error(
        `The instalment provider answered ${what} with a plan Marquee cannot use: ${z.prettifyError(parsed.error)}`,
      );
    }
    const plan: Plan = parsed.data;
    const status = PLAN_STATUSES[plan.status];
    return {
      intentId: plan.id,
      clientSecret: null,
      redirectUrl: checkedRedirectUrl(plan.redirect_url, allowHttp),
      status,
      amount: plan.amount,
      currency: plan.currency,
      reference: plan.reference,
      // Whatever the provider's own reason (decline_code), the buyer is told the plan was declined.
      lastErrorCode: plan.status === 'declined' ? 'instalments_declined' : null,
    };
  }

  function planPath(planId: string, action?: 'cancel' | 'refund'): string {
    return `/v1/plans/${encodeURIComponent(planId)}${action ? `/${action}` : ''}`;
  }

  return {
    provider: 'instalments',
    kind: 'instalments',
    async createIntent(input: CreateIntentInput) {
      const returnUrl = new URL(bookingReturnPath(input.reference), options.publicUrl).toString();
      const { status, json } = await call('POST', '/v1/plans', {
        idempotencyKey: input.reference,
        json: {
          reference: input.reference,
          amount: input.amount,
          currency: input.currency,
          instalments: options.instalments ?? 3,
          description: input.description,
          return_url: returnUrl,
          // Leaving the provider's page without a decision brings the buyer back to the same address: the
          // plan stays pending there, and step 3 lets them go back to it while the hold lasts.
          cancel_url: returnUrl,
        },
      });
      if (status !== 200 && status !== 201) {
        throw new Error(`The instalment provider refused to create a plan for ${input.reference}: HTTP ${status}`);
      }
      const intent = toIntent(json, 'a new plan');
      if (intent.redirectUrl === null) throw new Error('The instalment provider created a plan without a redirect_url');
      if (
        intent.reference !== input.reference ||
        intent.amount !== input.amount ||
        intent.currency !== input.currency
      ) {
        throw new Error(`The instalment provider created a plan that does not match order ${input.reference}`);
      }
      return intent;
    },
    async retrieveIntent(intentId: string) {
      const { status, json } = await call('GET', planPath(intentId));
      if (status === 404) return null;
      if (status !== 200) throw new Error(`The instalment provider answered GET plan ${intentId}: HTTP ${status}`);
      return toIntent(json, `plan ${intentId}`);
    },
    async cancelIntent(intentId: string) {
      const { status } = await call('POST', planPath(intentId, 'cancel'), {
        idempotencyKey: `cancel-${intentId}`,
        json: {},
      });
      // 409: the plan is approved (the completion decides whether to keep or refund it) or refunded.
      if (status === 200 || status === 409) return;
      throw new Error(`The instalment provider answered cancel of plan ${intentId}: HTTP ${status}`);
    },
    async refundIntent(intentId: string, refund?: RefundOptions) {
      // The protocol refunds whole plans only: a part of one is refused before anything is asked of it.
      if (refund) {
        const { status: found, json } = await call('GET', planPath(intentId));
        if (found === 200 && refund.amount !== toIntent(json, `plan ${intentId}`).amount) {
          throw new AppError(
            'partial_refund_unsupported',
            'The instalment provider refunds whole plans only: refund the whole amount paid.',
          );
        }
      }
      // An already refunded plan answers 200 (the protocol's refunds are idempotent).
      const { status } = await call('POST', planPath(intentId, 'refund'), {
        idempotencyKey: refund?.idempotencyKey ?? `refund-${intentId}`,
        json: {},
      });
      if (status !== 200)
        throw new Error(`The instalment provider answered refund of plan ${intentId}: HTTP ${status}`);
    },
  };
}

/** Signs a callback body as the provider does (the stub and tests use it). */
export { signPayload as signInstalmentsPayload };

const CallbackSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  plan_id: z.string().min(1).max(100),
});

const CALLBACK_TYPES = new Map<string, WebhookEvent['type']>([
  ['plan.approved', 'payment_intent.succeeded'],
  ['plan.declined', 'payment_intent.payment_failed'],
  ['plan.cancelled', 'payment_intent.canceled'],
]);

/**
 * Verifies the provider's callback: an HMAC-SHA256 over `{t}.{raw body}` with the webhook secret, compared in
 * constant time, signed within 5 minutes; then reduces it to what the completion needs (which plan).
 */
export function createInstalmentsWebhookVerifier(webhookSecret: string): WebhookVerifier {
  if (webhookSecret.trim() === '') throw new Error('The instalment provider webhook secret is empty');
  return {
    provider: 'instalments',
    verify(rawBody, headers) {
      const json = verifySignedPayload(rawBody, headers[INSTALMENTS_SIGNATURE_HEADER], webhookSecret);
      const callback = CallbackSchema.safeParse(json);
      if (!callback.success) throw new WebhookSignatureError('The signed callback is not a plan event');
      const { id, type, plan_id: planId } = callback.data;
      const known = CALLBACK_TYPES.get(type);
      // Any other plan event (refunded, expired, …) is recorded; the completion reads the plan when it matters.
      return known ? { id, type: known, intentId: planId } : { id, type: 'other', intentId: null };
    },
  };
}
