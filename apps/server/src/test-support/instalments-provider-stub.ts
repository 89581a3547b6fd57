import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { signInstalmentsPayload } from '../modules/payments/instalments-gateway';
import { listenOnLoopback } from './ports';

/**
 * A local stand-in for a hosted-redirect instalment provider, at its network boundary: a real HTTP server
 * speaking docs/payments-instalments-protocol.md (the API, a minimal hosted approval page, signed callbacks
 * to our webhook). Listens on 127.0.0.1 with an ephemeral port; always `await close()`.
 */

export type StubPlanStatus = 'pending' | 'approved' | 'declined' | 'cancelled' | 'refunded';

/** A plan as the stub keeps it (field names as the protocol's JSON). */
export interface StubPlan {
  id: string;
  status: StubPlanStatus;
  amount: number;
  currency: string;
  reference: string;
  instalments: number;
  description: string;
  return_url: string;
  cancel_url: string;
  redirect_url: string;
  decline_code: string | null;
  /** How many times money went back to the buyer (a refund that moved money; replays do not count). */
  refunds: number;
}

/** One request the stub received, for tests to assert on. */
export interface StubRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  idempotencyKey: string | null;
  authorization: string | null;
}

export interface CallbackOptions {
  /** Sign with this secret instead of the provider's (a forgery). */
  secret?: string;
  /** Sign with this unix time instead of now (a stale capture). */
  timestamp?: number;
  /** The event id; a new one by default. */
  eventId?: string;
  /** Changes the body after it is signed (tampering in transit). */
  tamper?: (body: string) => string;
}

export interface InstalmentsProviderStub {
  /** The API base to configure (INSTALMENTS_API_URL). */
  apiUrl: string;
  readonly requests: readonly StubRequest[];
  /** A copy of a plan; undefined for an unknown id. */
  plan(planId: string): StubPlan | undefined;
  /** Changes a plan as the provider holds it (a plan of another amount, currency or reference). */
  setPlan(planId: string, patch: Partial<Omit<StubPlan, 'id'>>): void;
  /** The buyer approves the plan at the provider; with `notify`, the provider calls back (answers its HTTP status). */
  approve(planId: string, options?: { notify?: boolean }): Promise<number | null>;
  /** The provider declines the plan; with `notify`, it calls back. */
  decline(planId: string, options?: { notify?: boolean }): Promise<number | null>;
  /** Sends a signed callback about the plan to the callback address, whatever the plan's state; answers the HTTP status. */
  callback(planId: string, type: string, options?: CallbackOptions): Promise<number>;
  /** Where callbacks go (our webhook); set once the app listens. */
  setCallbackUrl(url: string): void;
  /** Every API call answered 503 (true), or the calls answered normally again (false). */
  setDown(isDown: boolean): void;
  /** Every API call left unanswered (the adapter's timeout must end it), or answered again. */
  setHanging(isHanging: boolean): void;
  close(): Promise<void>;
}

export interface InstalmentsProviderStubOptions {
  apiKey: string;
  webhookSecret: string;
  callbackUrl?: string;
}

interface Reply {
  status: number;
  body: unknown;
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(10).toString('hex')}`;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function apiError(status: number, code: string, message: string): Reply {
  return { status, body: { error: { code, message } } };
}

export async function startInstalmentsProviderStub(
  options: InstalmentsProviderStubOptions,
): Promise<InstalmentsProviderStub> {
  const plans = new Map<string, StubPlan>();
  const planByReference = new Map<string, string>();
  const requests: StubRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let callbackUrl = options.callbackUrl ?? null;
  let isDown = false;
  let isHanging = false;
  let origin = '';

  function view(plan: StubPlan) {
    return {
      id: plan.id,
      status: plan.status,
      amount: plan.amount,
      currency: plan.currency,
      reference: plan.reference,
      redirect_url: plan.redirect_url,
      ...(plan.decline_code ? { decline_code: plan.decline_code } : {}),
    };
  }

  function createPlan(body: unknown, idempotencyKey: string | null): Reply {
    const input = body as Record<string, unknown> | null;
    const amount = input?.amount;
    const currency = input?.currency;
    const reference = input?.reference;
    const returnUrl = input?.return_url;
    if (!idempotencyKey) return apiError(400, 'idempotency_key_missing', 'Idempotency-Key is required.');
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
      return apiError(400, 'invalid_amount', 'amount must be a positive integer of minor units.');
    }
    if (typeof currency !== 'string' || typeof reference !== 'string' || typeof returnUrl !== 'string') {
      return apiError(400, 'invalid_request', 'currency, reference and return_url are required.');
    }
    if (input?.instalments !== 3) return apiError(400, 'invalid_instalments', 'Only plans of 3 instalments.');
    // The key is the order's reference: a repeated create answers the same plan, as it is now.
    const existing = planByReference.get(idempotencyKey);
    if (existing) {
      const plan = plans.get(existing);
      if (plan) return { status: 200, body: view(plan) };
    }
    const id = newId('plan');
    const plan: StubPlan = {
      id,
      status: 'pending',
      amount,
      currency,
      reference,
      instalments: 3,
      description: typeof input?.description === 'string' ? input.description : '',
      return_url: returnUrl,
      cancel_url: typeof input?.cancel_url === 'string' ? input.cancel_url : returnUrl,
      redirect_url: `${origin}/checkout/${id}`,
      decline_code: null,
      refunds: 0,
    };
    plans.set(id, plan);
    planByReference.set(idempotencyKey, id);
    return { status: 201, body: view(plan) };
  }

  function apiRoute(method: string, path: string, body: unknown, idempotencyKey: string | null): Reply {
    const segments = path.split('/').filter((segment) => segment !== '');
    const [version, resource, rawId, action] = segments;
    if (version !== 'v1' || resource !== 'plans') return apiError(404, 'not_found', `No route ${method} ${path}`);
    if (method === 'POST' && segments.length === 2) return createPlan(body, idempotencyKey);
    const plan = rawId ? plans.get(decodeURIComponent(rawId)) : undefined;
    if (!plan) return apiError(404, 'plan_not_found', 'No such plan.');
    if (method === 'GET' && segments.length === 3) return { status: 200, body: view(plan) };
    if (method === 'POST' && action === 'cancel' && segments.length === 4) {
      if (plan.status === 'pending') plan.status = 'cancelled';
      if (plan.status === 'approved' || plan.status === 'refunded') {
        return apiError(409, 'plan_not_cancellable', `A plan that is ${plan.status} cannot be cancelled.`);
      }
      return { status: 200, body: view(plan) };
    }
    if (method === 'POST' && action === 'refund' && segments.length === 4) {
      if (plan.status === 'approved') {
        plan.status = 'refunded';
        plan.refunds += 1;
      }
      if (plan.status !== 'refunded')
        return apiError(409, 'plan_not_refundable', `A plan that is ${plan.status} cannot be refunded.`);
      return { status: 200, body: view(plan) };
    }
    return apiError(404, 'not_found', `No route ${method} ${path}`);
  }

  function send(response: ServerResponse, reply: Reply): void {
    const json = JSON.stringify(reply.body);
    response.writeHead(reply.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
    response.end(json);
  }

  function approvalPage(plan: StubPlan): string {
    const isOpen = plan.status === 'pending';
    return `<!doctype html><html><head><meta charset="utf-8"><title>Approve your plan</title></head><body>
<h1>Pay ${escapeHtml(plan.currency)} ${plan.amount} in 3</h1><p>Order ${escapeHtml(plan.reference)}: ${escapeHtml(plan.description)}</p>
${
  isOpen
    ? `<form method="post" action="/checkout/${plan.id}/approve"><button>Approve</button></form>
<form method="post" action="/checkout/${plan.id}/decline"><button>Decline</button></form>`
    : `<p>This plan is ${plan.status}.</p>`
}
<a href="${escapeHtml(plan.cancel_url)}">Back to the shop</a></body></html>`;
  }

  async function decide(planId: string, to: 'approved' | 'declined', notify: boolean): Promise<number | null> {
    const plan = plans.get(planId);
    if (!plan) throw new Error(`Instalments stub: no plan ${planId}`);
    if (plan.status !== 'pending') throw new Error(`Instalments stub: plan ${planId} is ${plan.status}, not pending`);
    plan.status = to;
    plan.decline_code = to === 'declined' ? 'credit_check_failed' : null;
    return notify ? callback(planId, to === 'approved' ? 'plan.approved' : 'plan.declined') : null;
  }

  async function callback(planId: string, type: string, callbackOptions: CallbackOptions = {}): Promise<number> {
    if (!callbackUrl) throw new Error('Instalments stub: no callback address (setCallbackUrl)');
    const signed = JSON.stringify({ id: callbackOptions.eventId ?? newId('evt'), type, plan_id: planId });
    const signature = signInstalmentsPayload(
      callbackOptions.secret ?? options.webhookSecret,
      signed,
      callbackOptions.timestamp,
    );
    const body = callbackOptions.tamper ? callbackOptions.tamper(signed) : signed;
    const response = await fetch(callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'instalments-signature': signature },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://stub.invalid');
    const text = await readBody(request);

    // The hosted approval page, in the buyer's browser: no API key.
    const page = /^\/checkout\/([^/]+)(?:\/(approve|decline))?$/.exec(url.pathname);
    if (page) {
      const plan = plans.get(page[1] ?? '');
      if (!plan) return send(response, apiError(404, 'plan_not_found', 'No such plan.'));
      if (method === 'GET' && !page[2]) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(approvalPage(plan));
        return;
      }
      if (method === 'POST' && page[2] && plan.status === 'pending') {
        await decide(plan.id, page[2] === 'approve' ? 'approved' : 'declined', callbackUrl !== null);
      }
      response.writeHead(303, { location: plan.return_url });
      response.end();
      return;
    }

    let body: unknown;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      return send(response, apiError(400, 'invalid_json', 'The body is not JSON.'));
    }
    const idempotencyKey = headerValue(request.headers, 'idempotency-key');
    const authorization = headerValue(request.headers, 'authorization');
    requests.push({ method, path: url.pathname, headers: request.headers, body, idempotencyKey, authorization });
    if (isHanging) {
      hanging.add(response);
      return;
    }
    if (isDown) return send(response, apiError(503, 'unavailable', 'The provider is down for maintenance.'));
    if (authorization !== `Bearer ${options.apiKey}`)
      return send(response, apiError(401, 'unauthorised', 'Invalid API key.'));
    send(response, apiRoute(method, url.pathname, body, idempotencyKey));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (!response.headersSent) send(response, apiError(500, 'stub_failure', `Instalments stub failure: ${message}`));
    });
  });
  origin = await listenOnLoopback(server);

  function mutablePlan(planId: string): StubPlan {
    const plan = plans.get(planId);
    if (!plan) throw new Error(`Instalments stub: no plan ${planId}`);
    return plan;
  }

  return {
    apiUrl: origin,
    requests,
    plan(planId) {
      const plan = plans.get(planId);
      return plan ? structuredClone(plan) : undefined;
    },
    setPlan(planId, patch) {
      Object.assign(mutablePlan(planId), patch);
    },
    approve: (planId, decision = {}) => decide(planId, 'approved', decision.notify ?? true),
    decline: (planId, decision = {}) => decide(planId, 'declined', decision.notify ?? true),
    callback,
    setCallbackUrl(url) {
      callbackUrl = url;
    },
    setDown(value) {
      isDown = value;
    },
    setHanging(value) {
      isHanging = value;
      if (!value) {
        for (const response of hanging) response.destroy();
        hanging.clear();
      }
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
