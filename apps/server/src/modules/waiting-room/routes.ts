import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { ADMISSION_COOKIE_PREFIX, QUEUE_COOKIE, QueueStatusSchema, type QueueStatus } from '@marquee/domain/queue';
import { AppError } from '../../plugins/app-error';
import { byClient, limit } from '../../plugins/rate-limits';
import { newQueueCookie, visitorOf, type QueueReply, type WaitingRoomService } from './service';

export interface WaitingRoomModuleOptions {
  service: WaitingRoomService;
  /** Cookies marked Secure (the public address is https). */
  isHttps: boolean;
  /** The SPA page's HTML for a path (modules/pages), into which the place is written for browsers without JS. */
  renderPage?: (pathname: string, search: string) => Promise<{ kind: string; status?: number; html?: string }>;
}

const ParamsSchema = z.object({
  uid: z.string().max(64).describe('The event uid.'),
});

/** The browser's place in every queue is kept a week; each admission as long as it lasts. */
const QUEUE_COOKIE_DAYS = 7;
const JOINS_PER_CLIENT = 100;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The place in words, for a browser without JavaScript; it asks again by itself (a refresh keeps the place). */
function noscriptPlace(status: QueueStatus): string {
  const lines: string[] = [];
  if (status.state === 'pre_queue') {
    lines.push('You are in the waiting room. When the sale opens, everyone waiting gets a place in line at random.');
    if (status.opens_at) lines.push(`The sale opens at ${new Date(status.opens_at).toUTCString()}.`);
  } else if (status.state === 'waiting') {
    lines.push(`You are number ${status.position ?? ''} in line.`);
    if (status.estimated_wait_seconds !== null)
      lines.push(`About ${Math.max(1, Math.round(status.estimated_wait_seconds / 60))} minute(s) to go.`);
  } else if (status.state === 'admitted') {
    lines.push(`It is your turn: choose your tickets before ${new Date(status.admitted_until ?? '').toUTCString()}.`);
  } else {
    lines.push('Your turn has ended. Refresh this page to join the line again.');
  }
  lines.push('This page updates by itself. Refreshing it keeps your place.');
  const refresh = status.state === 'admitted' ? '' : `<meta http-equiv="refresh" content="${status.poll_after_seconds}">`;
  return `<noscript>${refresh}<section class="p-6" aria-live="polite"><h1>Waiting room</h1>${lines
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')}</section></noscript>`;
}

/** Puts `block` at the start of the page's <main> (the first view's), else at the start of <body>. */
function insertIntoMain(html: string, block: string): string {
  const main = /<main\b[^>]*>/.exec(html);
  if (main) return html.slice(0, main.index + main[0].length) + block + html.slice(main.index + main[0].length);
  const body = /<body\b[^>]*>/.exec(html);
  if (body) return html.slice(0, body.index + body[0].length) + block + html.slice(body.index + body[0].length);
  return html + block;
}

function cookieOf(request: FastifyRequest, name: string): string | null {
  const value = (request.cookies as Record<string, string | undefined> | undefined)?.[name];
  return typeof value === 'string' ? value : null;
}

/** The waiting room's routes (issue 23; decisions/048). */
export const waitingRoomModule: FastifyPluginAsync<WaitingRoomModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;
  const base = { path: '/', sameSite: 'lax' as const, secure: options.isHttps, httpOnly: true };

  function send(reply: FastifyReply, answer: QueueReply) {
    reply.header('cache-control', 'no-store');
    if (answer.admission) {
      reply.setCookie(answer.admission.name, answer.admission.value, { ...base, maxAge: answer.admission.maxAgeSeconds });
    }
    return answer.status;
  }

  // One connection asking for many places (a bot with many cookie jars): 100 new places per client per 10
  // minutes, enough for a campus or an office behind one address. Asking again for one's place is not counted.
  const newPlaceLimit = limit(fastify, {
    name: 'queue-join',
    max: JOINS_PER_CLIENT,
    windowMs: 10 * 60_000,
    key: byClient,
    message: 'Too many places asked for from your connection. Please wait a few minutes and try again.',
    // A crowd larger than this process's store of clients (no Redis) is let in, not refused its places.
    whenFull: 'allow',
  });

  /** The browser's visitor, a new queue cookie when it has none; a new place is counted against its client. */
  async function visitorFor(request: FastifyRequest, reply: FastifyReply, uid: string): Promise<string> {
    let visitor = visitorOf(cookieOf(request, QUEUE_COOKIE));
    if (visitor && (await service.hasPlace(uid, visitor))) return visitor;
    await newPlaceLimit(request, reply);
    if (!visitor) {
      const cookie = newQueueCookie();
      visitor = visitorOf(cookie) as string;
      reply.setCookie(QUEUE_COOKIE, cookie, { ...base, maxAge: QUEUE_COOKIE_DAYS * 86_400 });
    }
    return visitor;
  }

  app.post(
    '/api/events/:uid/queue',
    {
      schema: {
        tags: ['waiting room'],
        summary: 'Join an event’s waiting room, or find your place in it',
        description:
          'One place per browser (the HttpOnly `mq_queue` cookie, set here when missing): refreshing or many tabs keep it. Before the sale opens the place is in the pre-queue, drawn at random when it opens; after, it goes to the end. When admitted, the answer sets the `mq_admit_{event id}` cookie that `POST /api/orders` needs for this event. 100 new places per client per 10 minutes (asking again for one\'s place is not counted).',
        params: ParamsSchema,
        response: {
          200: QueueStatusSchema,
          404: ErrorBodySchema.describe('No such event.'),
          409: ErrorBodySchema.describe('The event has no waiting room (`conflict`), or is not on sale (`not_on_sale`).'),
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const visitor = await visitorFor(request, reply, request.params.uid);
      return send(reply, await service.join(request.params.uid, visitor));
    },
  );

  // The waiting room's page. With JavaScript the SPA joins and polls; without, this GET joins and writes the
  // place into the page, which refreshes itself when it is time to ask again (a <meta> refresh in <noscript>).
  const { renderPage } = options;
  if (renderPage) {
    app.get('/events/:uid/queue', { schema: { hide: true, params: ParamsSchema } }, async (request, reply) => {
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const page = await renderPage(`/events/${encodeURIComponent(request.params.uid)}/queue`, search);
      if (page.kind !== 'html' || page.html === undefined) return reply.callNotFound();
      let block: string;
      try {
        const visitor = await visitorFor(request, reply, request.params.uid);
        const answer = await service.join(request.params.uid, visitor);
        send(reply, answer);
        block = noscriptPlace(answer.status);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        block = `<noscript><p class="p-6">${escapeHtml(error.message)}</p></noscript>`;
      }
      return reply
        .code(page.status ?? 200)
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .type('text/html; charset=utf-8')
        .send(insertIntoMain(page.html, block));
    });
  }

  app.get(
    '/api/events/:uid/queue',
    {
      schema: {
        tags: ['waiting room'],
        summary: 'Your place in an event’s waiting room',
        description:
          'Where the browser is (`state`, `position`, `estimated_wait_seconds`), and when to ask again (`poll_after_seconds`). When admitted it (re)sets the `mq_admit_{event id}` cookie. 404 when this browser has no place.',
        params: ParamsSchema,
        response: {
          200: QueueStatusSchema,
          404: ErrorBodySchema.describe('No such event, or no place for this browser.'),
          409: ErrorBodySchema.describe('The event has no waiting room.'),
        },
      },
    },
    async (request, reply) =>
      send(reply, await service.status(request.params.uid, visitorOf(cookieOf(request, QUEUE_COOKIE)))),
  );
};

/** The admission an order for an event behind a waiting room carries: the browser's place and its token. */
export function admissionOf(request: FastifyRequest, eventId: number): { visitor: string | null; token: string | null } {
  return {
    visitor: visitorOf(cookieOf(request, QUEUE_COOKIE)),
    token: cookieOf(request, `${ADMISSION_COOKIE_PREFIX}${eventId}`),
  };
}
