import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './ports';

/** The PaymentIntent statuses Stripe's API uses. */
export type StubIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export interface StubCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  /** Stripe: true only once the whole amount has been refunded. */
  refunded: boolean;
  status: 'succeeded';
}

export interface StubLastPaymentError {
  type: 'card_error';
  code: string;
  decline_code?: string;
  message: string;
}

/** The subset of Stripe's PaymentIntent object the stub keeps (field names as Stripe's JSON). */
export interface StubIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: StubIntentStatus;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  /** What the intent was created to accept (API 2026-10-28 names the parameter allowed_payment_method_types). */
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  last_payment_error: StubLastPaymentError | null;
  /** A charge id, or the charge itself when the request asked for `expand[]=latest_charge`. */
  latest_charge: string | null;
  cancellation_reason: string | null;
  canceled_at: number | null;
  created: number;
  livemode: false;
}

/** One request the stub received, for tests to assert on. */
export interface StubRequest {
  method: string;
  /** The path without the query string, e.g. /v1/payment_intents. */
  path: string;
  query: Record<string, string>;
  /** Node's lower-cased headers. */
  headers: IncomingHttpHeaders;
  /** The form-encoded body as flat fields, as stripe-node sends them: `metadata[reference]`, `allowed_payment_method_types[0]`. */
  form: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
}

export interface StripeStub {
  port: number;
  /** The options to point stripe-node (or createStripeGateway's `api`) at the stub. */
  api: { host: string; port: number; protocol: 'http' };
  /** Every request received, oldest first. */
  readonly requests: readonly StubRequest[];
  /** A copy of an intent as the stub holds it (latest_charge unexpanded); undefined for an unknown id. */
  intent(intentId: string): StubIntent | undefined;
  /** A copy of a charge; undefined for an unknown id. */
  charge(chargeId: string): StubCharge | undefined;
  /** What a confirmed card payment does: status succeeded, with a captured charge. */
  succeed(intentId: string): void;
  /** What a declined attempt does: back to requires_payment_method, with last_payment_error. */
  fail(intentId: string, code?: string, declineCode?: string): void;
  /** Any other status (requires_action, processing, requires_capture, …), without side effects. */
  setStatus(intentId: string, status: StubIntentStatus): void;
  close(): Promise<void>;
}

export interface StripeStubOptions {
  /** When set, any other `Authorization: Bearer …` is answered 401, as Stripe does for a wrong key. */
  secretKey?: string;
}

interface StubReply {
  status: number;
  body: unknown;
}

interface StoredIdempotentReply extends StubReply {
  /** Stripe replays a key only for the same endpoint and parameters. */
  fingerprint: string;
}

interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error' | 'card_error';
  message: string;
  code?: string;
  param?: string;
}

/** Thrown inside a handler to answer with Stripe's error JSON shape. */
class StubError extends Error {
  readonly status: number;
  readonly error: StripeErrorBody;
  /** Stripe saves no idempotent result when parameters fail validation. */
  readonly isValidationError: boolean;

  constructor(status: number, error: StripeErrorBody, isValidationError = false) {
    super(error.message);
    this.status = status;
    this.error = error;
    this.isValidationError = isValidationError;
  }
}

const CANCELABLE_STATUSES: ReadonlySet<StubIntentStatus> = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
  'processing',
]);

function generateId(prefix: string): string {
  return `${prefix}_stub${randomBytes(10).toString('hex')}`;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  if (Array.isArray(value)) return value[0] ?? null;
  return value ?? null;
}

function toRecord(params: URLSearchParams): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, value] of params) record[key] = value;
  return record;
}

/** `metadata[a]=1&metadata[b]=2` → { a: '1', b: '2' }. */
function pickNested(form: Record<string, string>, name: string): Record<string, string> {
  const nested: Record<string, string> = {};
  const prefix = `${name}[`;
  for (const [key, value] of Object.entries(form)) {
    if (key.startsWith(prefix) && key.endsWith(']')) nested[key.slice(prefix.length, -1)] = value;
  }
  return nested;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function missing(kind: string, id: string, param = 'id'): StubError {
  return new StubError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });
}

/**
 * A local stand-in for the few Stripe endpoints the Stripe gateway calls, so its tests run offline
 * against the real SDK (which cannot tell the difference). It keeps Stripe's observable behaviour where
 * the gateway depends on it: form-encoded input, JSON errors as `{ error: { type, code, message } }`,
 * idempotency-key replays (same response, `Idempotent-Replayed: true`), and the state rules of cancel and
 * refund. Listens on 127.0.0.1 with an ephemeral port; always `await close()`.
 */
export async function startStripeStub(options: StripeStubOptions = {}): Promise<StripeStub> {
  const intents = new Map<string, StubIntent>();
  const charges = new Map<string, StubCharge>();
  const idempotentReplies = new Map<string, StoredIdempotentReply>();
  const requests: StubRequest[] = [];

  function requireIntent(intentId: string, param = 'id'): StubIntent {
    const intent = intents.get(intentId);
    if (!intent) throw missing('payment_intent', intentId, param);
    return intent;
  }

  function renderIntent(intent: StubIntent, expand: readonly string[]): unknown {
    if (!expand.includes('latest_charge') || !intent.latest_charge) return intent;
    return { ...intent, latest_charge: charges.get(intent.latest_charge) ?? null };
  }

  function createIntent(form: Record<string, string>): StubReply {
    const amountText = form.amount;
    if (amountText === undefined) {
      throw new StubError(
        400,
        {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          param: 'amount',
          message: 'Missing required param: amount.',
        },
        true,
      );
    }
    if (!/^\d+$/.test(amountText)) {
      throw new StubError(
        400,
        {
          type: 'invalid_request_error',
          code: 'parameter_invalid_integer',
          param: 'amount',
          message: 'Invalid integer: ' + amountText,
        },
        true,
      );
    }
    const currency = form.currency;
    if (!currency) {
      throw new StubError(
        400,
        {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          param: 'currency',
          message: 'Missing required param: currency.',
        },
        true,
      );
    }
    // Older API versions sent payment_method_types; either is accepted.
    const requestedTypes = [
      ...Object.values(pickNested(form, 'allowed_payment_method_types')),
      ...Object.values(pickNested(form, 'payment_method_types')),
    ];
    const paymentMethodTypes = requestedTypes.length > 0 ? requestedTypes : ['card'];
    const id = generateId('pi');
    const intent: StubIntent = {
      id,
      object: 'payment_intent',
      amount: Number(amountText),
      // Stripe accepts either case and always answers in lower case.
      currency: currency.toLowerCase(),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      description: form.description ?? null,
      metadata: pickNested(form, 'metadata'),
      allowed_payment_method_types: paymentMethodTypes,
      payment_method_types: paymentMethodTypes,
      last_payment_error: null,
      latest_charge: null,
      cancellation_reason: null,
      canceled_at: null,
      created: nowSeconds(),
      livemode: false,
    };
    intents.set(id, intent);
    return { status: 200, body: intent };
  }

  function cancelIntent(intentId: string, form: Record<string, string>): StubReply {
    const intent = requireIntent(intentId);
    if (!CANCELABLE_STATUSES.has(intent.status)) {
      throw new StubError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message:
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. ` +
          `Only a PaymentIntent with one of the following statuses may be canceled: ${[...CANCELABLE_STATUSES].join(', ')}.`,
      });
    }
    intent.status = 'canceled';
    intent.canceled_at = nowSeconds();
    intent.cancellation_reason = form.cancellation_reason ?? null;
    return { status: 200, body: intent };
  }

  function createRefund(form: Record<string, string>): StubReply {
    const intentId = form.payment_intent;
    if (!intentId) {
      throw new StubError(
        400,
        {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          param: 'payment_intent',
          message: 'One of the following params should be provided for this request: payment_intent or charge.',
        },
        true,
      );
    }
    const intent = requireIntent(intentId, 'payment_intent');
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || !charge) {
      // Stripe's wording for a PaymentIntent without a captured charge (it sends no specific code).
      throw new StubError(400, {
        type: 'invalid_request_error',
        param: 'payment_intent',
        message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
      });
    }
    if (charge.refunded) {
      throw new StubError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge.id} has already been refunded.`,
      });
    }
    const remaining = charge.amount - charge.amount_refunded;
    const amount = form.amount === undefined ? remaining : Number(form.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > remaining) {
      throw new StubError(
        400,
        {
          type: 'invalid_request_error',
          code: 'amount_too_large',
          param: 'amount',
          message: `Refund amount (${form.amount ?? ''}) is greater than unrefunded amount on charge (${remaining})`,
        },
        true,
      );
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return {
      status: 200,
      body: {
        id: generateId('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        currency: charge.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        reason: form.reason ?? null,
        metadata: pickNested(form, 'metadata'),
        created: nowSeconds(),
      },
    };
  }

  function route(method: string, path: string, query: Record<string, string>, form: Record<string, string>): StubReply {
    const segments = path.split('/').filter((segment) => segment !== '');
    const [version, resource, id, action] = segments;
    if (version === 'v1' && resource === 'payment_intents') {
      if (method === 'POST' && segments.length === 2) return createIntent(form);
      if (method === 'GET' && id && segments.length === 3) {
        return { status: 200, body: renderIntent(requireIntent(id), Object.values(pickNested(query, 'expand'))) };
      }
      if (method === 'POST' && id && action === 'cancel' && segments.length === 4) return cancelIntent(id, form);
    }
    if (version === 'v1' && resource === 'refunds' && method === 'POST' && segments.length === 2)
      return createRefund(form);
    throw new StubError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). (This is Marquee's Stripe stub: it emulates only the endpoints the gateway uses.)`,
    });
  }

  function send(response: ServerResponse, reply: StubReply, extraHeaders: Record<string, string> = {}): void {
    const json = JSON.stringify(reply.body);
    response.writeHead(reply.status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(json),
      'request-id': generateId('req'),
      ...extraHeaders,
    });
    response.end(json);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://stub.invalid');
    const query = toRecord(url.searchParams);
    const form = toRecord(new URLSearchParams(await readBody(request)));
    const idempotencyKey = headerValue(request.headers, 'idempotency-key');
    const authorization = headerValue(request.headers, 'authorization');
    requests.push({ method, path: url.pathname, query, headers: request.headers, form, idempotencyKey, authorization });

    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : null;
    if (!bearer || (options.secretKey !== undefined && bearer !== options.secretKey)) {
      send(response, {
        status: 401,
        body: {
          error: {
            type: 'invalid_request_error',
            message: bearer ? `Invalid API Key provided: ${bearer.slice(0, 8)}…` : 'You did not provide an API key.',
          },
        },
      });
      return;
    }

    // Stripe keys idempotency per account; the stub serves one account.
    const fingerprint = `${method} ${url.pathname} ${JSON.stringify(form)}`;
    if (method === 'POST' && idempotencyKey) {
      const stored = idempotentReplies.get(idempotencyKey);
      if (stored && stored.fingerprint !== fingerprint) {
        send(response, {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          },
        });
        return;
      }
      if (stored) {
        send(response, stored, { 'idempotency-key': idempotencyKey, 'idempotent-replayed': 'true' });
        return;
      }
    }

    let reply: StubReply;
    let isStored = true;
    try {
      reply = route(method, url.pathname, query, form);
    } catch (error) {
      if (!(error instanceof StubError)) throw error;
      reply = { status: error.status, body: { error: error.error } };
      isStored = !error.isValidationError;
    }
    if (method === 'POST' && idempotencyKey && isStored) {
      // Stripe replays the response as first sent, not the object's current state.
      idempotentReplies.set(idempotencyKey, { ...reply, body: structuredClone(reply.body), fingerprint });
    }
    send(response, reply, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (!response.headersSent)
        send(response, {
          status: 500,
          body: { error: { type: 'api_error', message: `Stripe stub failure: ${message}` } },
        });
    });
  });
  const port = Number(new URL(await listenOnLoopback(server)).port);

  function mutableIntent(intentId: string): StubIntent {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`Stripe stub: no intent ${intentId}`);
    return intent;
  }

  return {
    port,
    api: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    intent(intentId) {
      const intent = intents.get(intentId);
      return intent ? structuredClone(intent) : undefined;
    },
    charge(chargeId) {
      const charge = charges.get(chargeId);
      return charge ? structuredClone(charge) : undefined;
    },
    succeed(intentId) {
      const intent = mutableIntent(intentId);
      const charge: StubCharge = {
        id: generateId('ch'),
        object: 'charge',
        amount: intent.amount,
        amount_refunded: 0,
        currency: intent.currency,
        payment_intent: intent.id,
        refunded: false,
        status: 'succeeded',
      };
      charges.set(charge.id, charge);
      intent.status = 'succeeded';
      intent.latest_charge = charge.id;
      intent.last_payment_error = null;
    },
    fail(intentId, code = 'card_declined', declineCode) {
      const intent = mutableIntent(intentId);
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code,
        ...(declineCode === undefined ? {} : { decline_code: declineCode }),
        message: 'Your card was declined.',
      };
    },
    setStatus(intentId, status) {
      mutableIntent(intentId).status = status;
    },
    async close() {
      // stripe-node pools keep-alive sockets in a module-wide agent: drop them, or close() waits for them.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
