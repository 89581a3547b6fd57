/**
 * The simulated buyers and cheaters of the waiting-room bench. 50,000 buyers are state in memory, not
 * sockets: a timetable (a binary heap of due actions) sends each buyer's next request when it is due,
 * at most `inFlight` at a time over the servers' keep-alive pools, every request to the next server in
 * turn (as a load balancer would: the queue must hold across processes).
 *
 * A buyer, as the web client: joins (`POST /api/events/{uid}/queue`), asks again (`GET …/queue`) after the
 * answer's `poll_after_seconds`, and once an answer says `admitted` (which sets the admission cookie) places
 * one order (`POST /api/orders`, 1-2 tickets) with its cookies after a short think. Every buyer is a browser
 * of its own (a cookie jar, the CSRF token from `GET /sanctum/csrf-cookie`) behind an address of its own
 * (`X-Forwarded-For`, the servers trusting loopback as their proxy).
 *
 * A cheater orders without being admitted, in one of several ways (CHEAT_KINDS), every few seconds while
 * buyers are being admitted; each attempt must be refused with 403 `queue_required`.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { CreateOrderInput } from '@marquee/domain/orders';
import { ADMISSION_COOKIE_PREFIX, QUEUE_COOKIE, QueueStatusSchema, type QueueState } from '@marquee/domain/queue';
import { CookieJar, type Answer, type ServerPool } from './http-client';

export const CHEAT_KINDS = [
  /** No queue cookie and no admission: straight to the order. */
  'no_place',
  /** Their own place in the line (joined, never admitted), no admission cookie. */
  'own_place',
  /** Their own place and an admitted buyer's admission cookie (copied). */
  'own_place_stolen_admission',
  /** An admitted buyer's admission cookie and no place of their own. */
  'stolen_admission_only',
  /** Their own place and an admitted buyer's admission cookie with its signature altered. */
  'forged_admission',
] as const;
export type CheatKind = (typeof CHEAT_KINDS)[number];

export interface Buyer {
  index: number;
  /** When the bench sends the join (ms after the start), and which group that time falls in. */
  arriveAtMs: number;
  group: 'pre' | 'late';
  ip: string;
  email: string;
  jar: CookieJar;
  xsrfToken: string;
  /** Arrival order: the order in which the joins were sent (0-based), and when. */
  joinSeq: number | null;
  joinSentMs: number | null;
  joinAnsweredMs: number | null;
  /** The state the join answered (pre_queue for the pre-queue). */
  joinState: QueueState | null;
  /** When an answer first said admitted (ms after the start), and the last position before that. */
  admittedSeenMs: number | null;
  lastPosition: number | null;
  firstPositionAfterDraw: number | null;
  states: QueueState[];
  polls: number;
  /** Times the position a buyer was told went up (its place got worse). */
  positionRises: number;
  /** Requests retried after a 429 or 503. */
  retries: number;
  order: { status: number; code: string | null; ms: number; sentMs: number } | null;
  /** The last request's failure, if the buyer gave up. */
  failure: string | null;
  isDone: boolean;
}

export interface Cheater {
  index: number;
  kind: CheatKind;
  ip: string;
  email: string;
  jar: CookieJar;
  xsrfToken: string;
  hasJoined: boolean;
}

export interface CheatAttempt {
  kind: CheatKind;
  status: number;
  code: string | null;
  /** Which admission cookie was stolen (the buyer's index), when one was. */
  stolenFrom: number | null;
}

export interface RequestRecord {
  kind: 'join' | 'poll' | 'order' | 'cheat';
  status: number;
  ms: number;
  /** When it was sent and how late that was against its due time (the load generator's lag). */
  sentMs: number;
  lagMs: number;
  server: number;
}

export interface SimulationOptions {
  servers: readonly ServerPool[];
  eventUid: string;
  eventId: number;
  packageId: number;
  /** Run clock: ms since this instant (Date.now()). */
  startedAt: number;
  openingMs: number;
  buyers: Buyer[];
  cheaters: Cheater[];
  inFlight: number;
  /** An admitted buyer orders after a random think of 0 to this many ms. */
  thinkMs: number;
  /** Each cheater tries again this often while buyers are being admitted. */
  cheatEveryMs: number;
  /** The run gives up after this long (ms after the start). */
  deadlineMs: number;
  timeoutMs: number;
  /** Called every second with the run's progress. */
  onTick?: (progress: Progress) => void;
}

export interface Progress {
  nowMs: number;
  joined: number;
  preQueue: number;
  waiting: number;
  admitted: number;
  ordered: number;
  failed: number;
  inFlight: number;
  requests: number;
  cheatAttempts: number;
}

export interface SimulationResult {
  requests: RequestRecord[];
  cheatAttempts: CheatAttempt[];
  /** Answers other than the expected (with a few examples), and connection errors. */
  unexpected: Map<string, { count: number; example: string }>;
  connectionErrors: number;
  endedMs: number;
  timedOut: boolean;
}

const CodeSchema = z.object({ code: z.string() }).partial();

function codeOf(body: string): string | null {
  try {
    return CodeSchema.parse(JSON.parse(body)).code ?? null;
  } catch {
    return null;
  }
}

type Task =
  | { at: number; type: 'join' | 'poll' | 'order'; buyer: Buyer }
  | { at: number; type: 'cheat-join' | 'cheat'; cheater: Cheater };

/** First in, first out, without Array#shift's copying (the backlog can hold tens of thousands of tasks). */
class Fifo<T> {
  #items: (T | undefined)[] = [];
  #head = 0;

  get length(): number {
    return this.#items.length - this.#head;
  }

  push(item: T): void {
    this.#items.push(item);
  }

  shift(): T | undefined {
    if (this.#head >= this.#items.length) return undefined;
    const item = this.#items[this.#head];
    this.#items[this.#head] = undefined;
    this.#head += 1;
    if (this.#head > 1_024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return item;
  }
}

/** A binary min-heap of tasks by due time. */
class Timetable {
  readonly #heap: Task[] = [];

  get size(): number {
    return this.#heap.length;
  }

  push(task: Task): void {
    const heap = this.#heap;
    heap.push(task);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const up = heap[parent];
      if (up === undefined || up.at <= task.at) break;
      heap[i] = up;
      i = parent;
    }
    heap[i] = task;
  }

  peek(): Task | undefined {
    return this.#heap[0];
  }

  pop(): Task | undefined {
    const heap = this.#heap;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      let value = last;
      const leftTask = heap[left];
      const rightTask = heap[right];
      if (leftTask !== undefined && leftTask.at < value.at) {
        smallest = left;
        value = leftTask;
      }
      if (rightTask !== undefined && rightTask.at < value.at) smallest = right;
      if (smallest === i) break;
      heap[i] = heap[smallest] ?? last;
      i = smallest;
    }
    heap[i] = last;
    return top;
  }
}

/** The order a buyer (or a cheater) places: 1-2 tickets of the event's package, as bench/onsale sends it. */
function orderBody(eventId: number, packageId: number, email: string): string {
  const body: CreateOrderInput = {
    event_id: eventId,
    buyer: { first_name: 'Bench', last_name: 'Buyer', email, phone: '0771234567' },
    ticket_package_details: [{ package_id: packageId, ticket_count: 1 + Math.floor(Math.random() * 2) }],
    terms_agreed: true,
  };
  return JSON.stringify(body);
}

export async function simulate(options: SimulationOptions): Promise<SimulationResult> {
  const { servers, buyers, cheaters } = options;
  const admissionCookie = `${ADMISSION_COOKIE_PREFIX}${options.eventId}`;
  const queuePath = `/api/events/${options.eventUid}/queue`;
  const now = () => Date.now() - options.startedAt;
  const timetable = new Timetable();
  /** Orders are sent before anything else that is due: their latency is what is measured. */
  const readyOrders = new Fifo<Task>();
  const ready = new Fifo<Task>();
  const requests: RequestRecord[] = [];
  const cheatAttempts: CheatAttempt[] = [];
  const unexpected = new Map<string, { count: number; example: string }>();
  const admittedBuyers: Buyer[] = [];
  let connectionErrors = 0;
  let inFlight = 0;
  let nextServer = 0;
  let joinSeq = 0;
  let remaining = buyers.length;
  const counts = { joined: 0, preQueue: 0, waiting: 0, admitted: 0, ordered: 0, failed: 0 };

  const note = (what: string, answer: Answer) => {
    const entry = unexpected.get(what) ?? { count: 0, example: answer.body.slice(0, 300) };
    entry.count += 1;
    unexpected.set(what, entry);
  };

  for (const buyer of buyers) timetable.push({ at: buyer.arriveAtMs, type: 'join', buyer });
  for (const cheater of cheaters) {
    const needsPlace = cheater.kind !== 'no_place' && cheater.kind !== 'stolen_admission_only';
    // Cheaters with a place of their own join in the line among the late arrivals (spread over 10 s after the
    // opening), and then never ask again: only an answer that says `admitted` sets the admission cookie.
    if (needsPlace) timetable.push({ at: options.openingMs + Math.random() * 10_000, type: 'cheat-join', cheater });
    timetable.push({ at: options.openingMs + 2_000 + Math.random() * options.cheatEveryMs, type: 'cheat', cheater });
  }

  const headersOf = (jar: CookieJar, ip: string, xsrfToken: string, without: readonly string[] = []) => {
    const headers: Record<string, string> = {
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': xsrfToken,
      'x-forwarded-for': ip,
      accept: 'application/json',
    };
    const cookie = jar.header(without);
    if (cookie) headers.cookie = cookie;
    return headers;
  };

  const finish = (buyer: Buyer, failure: string | null) => {
    if (buyer.isDone) return;
    buyer.isDone = true;
    buyer.failure = failure;
    if (failure !== null) counts.failed += 1;
    remaining -= 1;
  };

  /** A status answer (join or poll): the buyer's next step. */
  const onStatus = (buyer: Buyer, answer: Answer, atMs: number, isJoin: boolean) => {
    const parsed = QueueStatusSchema.safeParse(safeJson(answer.body));
    if (answer.status !== 200 || !parsed.success) {
      const what =
        `${isJoin ? 'join' : 'poll'}: ${answer.status}${parsed.success ? '' : ' (not a QueueStatus)'} ${codeOf(answer.body) ?? ''}`.trim();
      note(what, answer);
      // A 429 or 503 is a refusal a browser would retry after a while (3 times here); anything else ends the buyer.
      buyer.retries += 1;
      if ((answer.status === 429 || answer.status === 503) && buyer.retries <= 3) {
        timetable.push({ at: atMs + 5_000, type: isJoin ? 'join' : 'poll', buyer });
      } else finish(buyer, what);
      return;
    }
    const status = parsed.data;
    buyer.states.push(status.state);
    if (isJoin) {
      buyer.joinState = status.state;
      buyer.joinAnsweredMs = atMs;
      counts.joined += 1;
      if (status.state === 'pre_queue') counts.preQueue += 1;
      else counts.waiting += 1;
    } else if (status.state !== 'pre_queue' && buyer.states.at(-2) === 'pre_queue') {
      counts.preQueue -= 1;
      counts.waiting += 1;
    }
    if (status.state === 'waiting' && status.position !== null) {
      if (buyer.lastPosition !== null && status.position > buyer.lastPosition) buyer.positionRises += 1;
      buyer.firstPositionAfterDraw ??= status.position;
      buyer.lastPosition = status.position;
    }
    if (status.state === 'admitted') {
      if (buyer.admittedSeenMs !== null) return;
      if (buyer.jar.get(admissionCookie) === undefined) {
        note(`${isJoin ? 'join' : 'poll'}: admitted without the ${admissionCookie} cookie`, answer);
        finish(buyer, 'admitted without a cookie');
        return;
      }
      buyer.admittedSeenMs = atMs;
      counts.waiting -= 1;
      counts.admitted += 1;
      admittedBuyers.push(buyer);
      timetable.push({ at: atMs + Math.random() * options.thinkMs, type: 'order', buyer });
      return;
    }
    if (status.state === 'expired') {
      note('status: expired before ordering', answer);
      finish(buyer, 'expired');
      return;
    }
    timetable.push({ at: atMs + status.poll_after_seconds * 1000, type: 'poll', buyer });
  };

  const send = async (task: Task, lagMs: number): Promise<void> => {
    const serverIndex = nextServer;
    nextServer = (nextServer + 1) % servers.length;
    const server = servers[serverIndex];
    if (!server) return;
    const sentMs = now();
    const record = (kind: RequestRecord['kind'], answer: Answer) =>
      requests.push({ kind, status: answer.status, ms: answer.ms, sentMs, lagMs, server: serverIndex });
    try {
      switch (task.type) {
        case 'join':
        case 'poll': {
          const { buyer } = task;
          if (task.type === 'join' && buyer.joinSeq === null) {
            buyer.joinSeq = joinSeq;
            joinSeq += 1;
            buyer.joinSentMs = sentMs;
          } else buyer.polls += 1;
          const answer = await server.send({
            method: task.type === 'join' ? 'POST' : 'GET',
            path: queuePath,
            headers: headersOf(buyer.jar, buyer.ip, buyer.xsrfToken),
            ...(task.type === 'join' ? { body: '{}' } : {}),
            timeoutMs: options.timeoutMs,
          });
          record(task.type, answer);
          buyer.jar.store(answer.setCookies);
          onStatus(buyer, answer, now(), task.type === 'join');
          return;
        }
        case 'order': {
          const { buyer } = task;
          const answer = await server.send({
            method: 'POST',
            path: '/api/orders',
            headers: { ...headersOf(buyer.jar, buyer.ip, buyer.xsrfToken), 'idempotency-key': randomUUID() },
            body: orderBody(options.eventId, options.packageId, buyer.email),
            timeoutMs: options.timeoutMs,
          });
          record('order', answer);
          buyer.order = { status: answer.status, code: codeOf(answer.body), ms: answer.ms, sentMs };
          if (answer.status === 201) counts.ordered += 1;
          else note(`order of an admitted buyer: ${answer.status} ${codeOf(answer.body) ?? ''}`.trim(), answer);
          finish(buyer, answer.status === 201 ? null : `order ${answer.status}`);
          return;
        }
        case 'cheat-join': {
          const { cheater } = task;
          const answer = await server.send({
            method: 'POST',
            path: queuePath,
            headers: headersOf(cheater.jar, cheater.ip, cheater.xsrfToken),
            body: '{}',
            timeoutMs: options.timeoutMs,
          });
          record('join', answer);
          cheater.jar.store(answer.setCookies);
          // Whatever the join said, a cheater keeps no admission of its own.
          cheater.jar.delete(admissionCookie);
          if (answer.status === 200 && cheater.jar.get(QUEUE_COOKIE) !== undefined) cheater.hasJoined = true;
          else note(`cheater's join: ${answer.status} ${codeOf(answer.body) ?? ''}`.trim(), answer);
          return;
        }
        case 'cheat': {
          const { cheater } = task;
          if (remaining > 0) timetable.push({ at: now() + options.cheatEveryMs, type: 'cheat', cheater });
          const needsPlace = cheater.kind !== 'no_place' && cheater.kind !== 'stolen_admission_only';
          if (needsPlace && !cheater.hasJoined) return;
          const victim = admittedBuyers[Math.floor(Math.random() * admittedBuyers.length)];
          const stolen = victim?.jar.get(admissionCookie);
          const jar = new CookieJar();
          for (const name of cheater.jar.names()) {
            if (name === QUEUE_COOKIE && !needsPlace) continue;
            const value = cheater.jar.get(name);
            if (value !== undefined && !name.startsWith(ADMISSION_COOKIE_PREFIX)) jar.set(name, value);
          }
          if (cheater.kind !== 'no_place' && cheater.kind !== 'own_place') {
            if (stolen === undefined || victim === undefined) return; // nobody admitted yet
            jar.set(admissionCookie, cheater.kind === 'forged_admission' ? forge(stolen) : stolen);
          }
          const answer = await server.send({
            method: 'POST',
            path: '/api/orders',
            headers: { ...headersOf(jar, cheater.ip, cheater.xsrfToken), 'idempotency-key': randomUUID() },
            body: orderBody(options.eventId, options.packageId, cheater.email),
            timeoutMs: options.timeoutMs,
          });
          record('cheat', answer);
          cheatAttempts.push({
            kind: cheater.kind,
            status: answer.status,
            code: codeOf(answer.body),
            stolenFrom: cheater.kind === 'no_place' || cheater.kind === 'own_place' ? null : (victim?.index ?? null),
          });
          return;
        }
      }
    } catch (error) {
      connectionErrors += 1;
      const message = error instanceof Error ? error.message : String(error);
      const entry = unexpected.get(`connection error: ${message}`) ?? { count: 0, example: message };
      entry.count += 1;
      unexpected.set(`connection error: ${message}`, entry);
      // The browser would try again after a moment.
      if (task.type !== 'cheat') timetable.push({ ...task, at: now() + 2_000 });
    }
  };

  let timedOut = false;
  await new Promise<void>((resolve) => {
    let lastTick = 0;
    const pump = () => {
      const at = now();
      if (remaining === 0 && inFlight === 0) {
        clearInterval(timer);
        resolve();
        return;
      }
      if (at > options.deadlineMs) {
        timedOut = true;
        clearInterval(timer);
        resolve();
        return;
      }
      for (let task = timetable.peek(); task !== undefined && task.at <= at; task = timetable.peek()) {
        timetable.pop();
        (task.type === 'order' ? readyOrders : ready).push(task);
      }
      while (inFlight < options.inFlight && (readyOrders.length > 0 || ready.length > 0)) {
        const task = readyOrders.shift() ?? ready.shift();
        if (!task) break;
        inFlight += 1;
        void send(task, at - task.at).finally(() => {
          inFlight -= 1;
        });
      }
      if (at - lastTick >= 1_000) {
        lastTick = at;
        options.onTick?.({
          nowMs: at,
          ...counts,
          inFlight,
          requests: requests.length,
          cheatAttempts: cheatAttempts.length,
        });
      }
    };
    const timer = setInterval(pump, 2);
  });
  return { requests, cheatAttempts, unexpected, connectionErrors, endedMs: now(), timedOut };
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/** The stolen cookie with one character of its end changed (where a signature would be). */
function forge(value: string): string {
  const last = value.at(-1) ?? 'A';
  return `${value.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;
}

/** Arrival times: the pre-queue spread evenly over [0, preEndMs), the later ones over [openingMs, lateEndMs). */
export function arrivalTimes(options: {
  buyers: number;
  preShare: number;
  preEndMs: number;
  openingMs: number;
  lateEndMs: number;
}): { atMs: number; group: 'pre' | 'late' }[] {
  const pre = Math.round(options.buyers * options.preShare);
  const late = options.buyers - pre;
  const times: { atMs: number; group: 'pre' | 'late' }[] = [];
  for (let i = 0; i < pre; i += 1) times.push({ atMs: (i * options.preEndMs) / pre, group: 'pre' });
  for (let i = 0; i < late; i += 1)
    times.push({ atMs: options.openingMs + (i * (options.lateEndMs - options.openingMs)) / late, group: 'late' });
  return times;
}

/** A buyer's address behind the proxy: 10.x.y.z from its number (16 million of them). */
export function addressOf(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
