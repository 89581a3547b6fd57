/**
 * Virtual buyers for bench/reliability: each picks tickets (a counted package, or seats side by side on
 * a seat map), holds them (POST /api/orders with an Idempotency-Key), then pays with the sandbox's test
 * card, pays after a declined card, cancels, or abandons the order (the harness then ages its hold past
 * its ten minutes; some of those buyers come back and pay late). Requests go to any live server, as
 * through a load balancer; a refused connection, a timeout or a 5xx is retried on another server after a
 * short wait, with the same Idempotency-Key, as the web app would.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { EventDetailSchema } from '@marquee/domain/catalog';
import { CreatedOrderSchema, SeatStatesSchema, type CreatedOrder } from '@marquee/domain/orders';

const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';
const CARD = { exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123', name: 'Bench Buyer' };
const ConfirmSchema = z.object({ status: z.string(), error: z.object({ code: z.string() }).nullable() });

export interface SaleTarget {
  eventUid: string;
  eventId: number;
  /** Seat ids by package for a seated event (buyers pick seats); empty for counted packages. */
  seatRows: string[][];
}

export interface BuyerStats {
  requests: number;
  /** By what came back: 2xx/3xx, 409 (sold out, seats taken: normal), other 4xx, 5xx, no answer. */
  ok: number;
  conflicts: number;
  otherClientErrors: number;
  serverErrors: number;
  connectionErrors: number;
  /** Retries of a step after a 5xx or no answer. */
  retries: number;
  ordersCreated: number;
  paid: number;
  paidWithoutReturn: number;
  declinedThenPaid: number;
  cancelled: number;
  abandoned: number;
  latePayments: number;
  /** A few unexpected answers (other 4xx), for the report. */
  samples: string[];
}

export function emptyStats(): BuyerStats {
  return {
    requests: 0,
    ok: 0,
    conflicts: 0,
    otherClientErrors: 0,
    serverErrors: 0,
    connectionErrors: 0,
    retries: 0,
    ordersCreated: 0,
    paid: 0,
    paidWithoutReturn: 0,
    declinedThenPaid: 0,
    cancelled: 0,
    abandoned: 0,
    latePayments: 0,
    samples: [],
  };
}

export interface BuyerContext {
  /** The ports of the servers that are up now (the harness's view; a killed one may still be listed briefly). */
  ports: () => number[];
  targets: SaleTarget[];
  stats: BuyerStats;
  isStopped: () => boolean;
  /** The buyer walked away from this order: the harness ages its hold past its ten minutes. */
  onAbandoned: (orderId: string) => void;
  /** Whether the harness has aged this abandoned order's hold yet. */
  isAged: (orderId: string) => boolean;
  runTag: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

class RetryableError extends Error {}

/**
 * One buyer's HTTP session: the CSRF cookie (`GET /sanctum/csrf-cookie`, 404 ignored while there is
 * none) sent back as `X-XSRF-TOKEN` with `X-Requested-With: XMLHttpRequest` on every change.
 */
class Session {
  private cookies = new Map<string, string>();
  private hasCsrf = false;
  private readonly context: BuyerContext;

  constructor(context: BuyerContext) {
    this.context = context;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const split = pair.indexOf('=');
      if (split > 0) this.cookies.set(pair.slice(0, split).trim(), pair.slice(split + 1).trim());
    }
  }

  /** One request to one server; counts it. Throws RetryableError on no answer or a 5xx. */
  private async once(port: number, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const stats = this.context.stats;
    stats.requests += 1;
    const token = this.cookies.get('XSRF-TOKEN');
    let response: Response;
    try {
      response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
          ...(method !== 'GET' && token ? { 'x-xsrf-token': decodeURIComponent(token) } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      stats.connectionErrors += 1;
      throw new RetryableError(`no answer from ${port}: ${String(error)}`);
    }
    this.keepCookies(response);
    const text = await response.text().catch(() => '');
    if (response.status >= 500) {
      stats.serverErrors += 1;
      throw new RetryableError(`${response.status} from ${port}`);
    }
    if (response.status === 409) stats.conflicts += 1;
    else if (response.status >= 400 && !(path === '/sanctum/csrf-cookie' && response.status === 404)) {
      stats.otherClientErrors += 1;
      if (stats.samples.length < 10) stats.samples.push(`${method} ${path} → ${response.status} ${text.slice(0, 200)}`);
    } else stats.ok += 1;
    return { status: response.status, text, location: response.headers.get('location') };
  }

  /** The request on any live server, retried on another after a 5xx or no answer (up to ~30 s). */
  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    if (!this.hasCsrf && method !== 'GET') await this.csrf();
    for (let attempt = 1; ; attempt += 1) {
      const port = pick(this.context.ports());
      try {
        if (port === undefined) throw new RetryableError('no live server');
        const answer = await this.once(port, method, path, body, headers);
        // A CSRF refusal (once issue 7's protection is on) after our cookie went stale: a new one, then again.
        if ((answer.status === 403 || answer.status === 419) && method !== 'GET' && attempt < 3 && /csrf|xsrf/i.test(answer.text)) {
          await this.csrf();
          continue;
        }
        return answer;
      } catch (error) {
        if (!(error instanceof RetryableError) || attempt >= 40 || this.context.isStopped()) throw error;
        this.context.stats.retries += 1;
        await sleep(Math.min(1_000, 100 * attempt) + Math.random() * 200);
      }
    }
  }

  async csrf(): Promise<void> {
    await this.request('GET', '/sanctum/csrf-cookie');
    this.hasCsrf = true;
  }
}

/** Chooses 1-4 tickets of a package that has some left, or 1-3 free seats side by side in a row. */
async function chooseTickets(session: Session, target: SaleTarget): Promise<object | null> {
  if (target.seatRows.length === 0) {
    const answer = await session.request('GET', `/api/events/${target.eventUid}`);
    const event = EventDetailSchema.safeParse(JSON.parse(answer.text || 'null'));
    if (!event.success) return null;
    const open = event.data.ticket_packages.filter((pkg) => pkg.available_seats > 0);
    const chosen = pick(open);
    if (!chosen) return null;
    const count = 1 + Math.floor(Math.random() * Math.min(4, chosen.available_seats));
    return { ticket_package_details: [{ package_id: chosen.id, ticket_count: count }] };
  }
  const answer = await session.request('GET', `/api/events/${target.eventUid}/seats`);
  const states = SeatStatesSchema.safeParse(JSON.parse(answer.text || 'null'));
  if (!states.success) return null;
  const taken = new Set(states.data.taken);
  const rows = target.seatRows.filter((row) => row.some((seat) => !taken.has(seat)));
  const row = pick(rows);
  if (!row) return null;
  const free = row.map((seat, i) => ({ seat, i })).filter(({ seat }) => !taken.has(seat));
  const start = pick(free);
  if (!start) return null;
  const want = 1 + Math.floor(Math.random() * 3);
  const seats = row.slice(start.i, start.i + want).filter((seat) => !taken.has(seat));
  return { seats };
}

async function confirm(session: Session, order: CreatedOrder, card: string) {
  const answer = await session.request('POST', `/api/sandbox/payment_intents/${order.payment?.intent_id ?? 'none'}/confirm`, {
    client_secret: order.payment?.client_secret ?? '',
    card: { number: card, ...CARD },
  });
  return ConfirmSchema.safeParse(JSON.parse(answer.text || 'null'));
}

async function comeBack(session: Session, order: CreatedOrder): Promise<void> {
  await session.request('GET', `/api/bookings/status?orderId=${order.order_id}`);
}

/** One buyer, until the harness stops the sale. */
export async function runBuyer(context: BuyerContext, buyerNo: number): Promise<void> {
  const session = new Session(context);
  const stats = context.stats;
  let orderNo = 0;
  while (!context.isStopped()) {
    try {
      await sleep(50 + Math.random() * 250);
      const target = pick(context.targets);
      if (!target) return;
      const choice = await chooseTickets(session, target);
      if (!choice) {
        await sleep(300);
        continue;
      }
      orderNo += 1;
      const created = await session.request(
        'POST',
        '/api/orders',
        {
          event_id: target.eventId,
          buyer: {
            first_name: 'Bench',
            last_name: 'Buyer',
            email: `buyer${buyerNo}.${orderNo}.${context.runTag}@reliability.example`,
            phone: '0771234567',
          },
          terms_agreed: true,
          ...choice,
        },
        { 'idempotency-key': `rel-${context.runTag}-${randomUUID()}` },
      );
      if (created.status !== 201 && created.status !== 200) continue;
      const order = CreatedOrderSchema.parse(JSON.parse(created.text));
      stats.ordersCreated += 1;
      if (order.payment === null) continue;
      await sleep(Math.random() * 300);
      const roll = Math.random();
      if (roll < 0.45) {
        // Pays and comes back through the return address.
        await confirm(session, order, GOOD_CARD);
        await comeBack(session, order);
        stats.paid += 1;
      } else if (roll < 0.6) {
        // Pays and closes the tab: only the webhook completes the order.
        await confirm(session, order, GOOD_CARD);
        stats.paid += 1;
        stats.paidWithoutReturn += 1;
      } else if (roll < 0.7) {
        // A declined card first, then the good one.
        await confirm(session, order, DECLINED_CARD);
        await comeBack(session, order);
        await confirm(session, order, GOOD_CARD);
        await comeBack(session, order);
        stats.declinedThenPaid += 1;
      } else if (roll < 0.8) {
        await session.request('POST', `/api/orders/${order.order_id}/cancel`, undefined, {
          authorization: `Bearer ${order.access_token}`,
        });
        stats.cancelled += 1;
      } else if (roll < 0.93) {
        context.onAbandoned(order.order_id);
        stats.abandoned += 1;
      } else {
        // Walks away, and comes back to pay after the hold ran out: the tickets are taken again if they
        // are still free, or the payment is refunded (or refused if the sweeper cancelled it first).
        context.onAbandoned(order.order_id);
        const deadline = Date.now() + 20_000;
        while (!context.isAged(order.order_id) && Date.now() < deadline && !context.isStopped()) await sleep(200);
        await confirm(session, order, GOOD_CARD);
        await comeBack(session, order);
        stats.latePayments += 1;
      }
    } catch (error) {
      if (!(error instanceof RetryableError)) throw error;
      // Gave up on this step (every server failing for ~30 s): start over with a new choice.
    }
  }
}
