import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@marquee/domain/errors';
import type { AppConfig } from '../../config';
import { startPeriodicWorker } from '../../lib/periodic-worker';
import { mailConfigOf, type MailService } from './service';
import { describeSmtpUrl } from './transports';
import { mailListPage, mailMessagePage } from './viewer-pages';

export interface MailModuleOptions {
  /** The outbox worker's and viewer's service, built with `mailConfigOf(config)`. */
  service: MailService;
  config: AppConfig;
  /** How often due e-mails are sent (and retried); 0 turns the worker off (tests call `sendDue`). */
  sendIntervalMs?: number;
}

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
/** The names a browser on this machine reaches us by; a DNS-rebinding page's own name is none of them. */
const LOOPBACK_HOST = /^(?:localhost|[a-z0-9-]+\.localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(?::\d{1,5})?$/i;

/**
 * Headers that a proxy, load balancer, tunnel or CDN adds on the way: a request that carries one did not
 * come straight from this machine, whatever its socket says (the proxy's own address is loopback).
 */
export const FORWARDING_HEADERS = [
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
  'x-proxyuser-ip',
] as const;

function isForwarded(request: FastifyRequest): boolean {
  return Object.keys(request.headers).some(
    (name) => name.startsWith('x-forwarded-') || (FORWARDING_HEADERS as readonly string[]).includes(name),
  );
}

/**
 * A request from this machine: a loopback peer, addressed by a loopback name, that came through no
 * proxy. The socket's address, never `request.ip` (which X-Forwarded-For may set); no forwarding header
 * of any kind (a local reverse proxy or tunnel's peer address is loopback too); and a Host of this
 * machine, so that a web page whose name was rebound to 127.0.0.1 cannot read the outbox.
 */
function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  return LOOPBACK.test(peer) && LOOPBACK_HOST.test(request.headers.host ?? '') && !isForwarded(request);
}

const MessageParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const AttachmentParamsSchema = MessageParamsSchema.extend({
  attachment_id: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * E-mail: the outbox worker in every server process (claims due rows of `outbox`, renders, sends, retries
 * with backoff), and, when no SMTP server is configured, the local outbox viewer at /dev/mail.
 */
export const mailModule: FastifyPluginAsync<MailModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = mailConfigOf(options.config);
  const { service } = options;
  const isViewerOn = config.smtpUrl === null && config.viewer !== 'off';

  if (isViewerOn) {
    await app.register(async (scope) => {
      const pages = scope.withTypeProvider<ZodTypeProvider>();
      // Anyone else gets the same 404 as for a page that does not exist.
      pages.addHook('onRequest', async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (config.viewer === 'local' && !isLocalRequest(request)) return reply.callNotFound();
      });
      const html = { 200: z.string(), 404: ErrorBodySchema };

      pages.get('/dev/mail', { schema: { hide: true, response: html } }, async (_request, reply) =>
        reply.type('text/html; charset=utf-8').send(mailListPage(await service.listKeptMail())),
      );

      pages.get(
        '/dev/mail/:id',
        { schema: { hide: true, params: MessageParamsSchema, response: html } },
        async (request, reply) => {
          const message = await service.findKeptMail(request.params.id);
          if (!message) return reply.code(404).send({ code: 'not_found', message: 'E-mail not found.' });
          return reply.type('text/html; charset=utf-8').send(mailMessagePage(message));
        },
      );

      pages.get(
        '/dev/mail/:id/attachments/:attachment_id',
        { schema: { hide: true, params: AttachmentParamsSchema } },
        async (request, reply) => {
          const attachment = await service.findKeptAttachment(request.params.id, request.params.attachment_id);
          if (!attachment) return reply.code(404).send({ code: 'not_found', message: 'Attachment not found.' });
          // Always a download: a kept file is never rendered as a page of this origin.
          const filename = attachment.filename.replace(/[^\w.-]/g, '_');
          return reply
            .type(attachment.contentType)
            .header('content-disposition', `attachment; filename="${filename}"`)
            .send(attachment.content);
        },
      );
    });
  }

  // One run at a time per process (a slow SMTP server must not pile runs up); at start, what is due goes at once.
  const worker = startPeriodicWorker(fastify, {
    name: 'e-mail outbox run',
    intervalMs: options.sendIntervalMs ?? 5_000,
    run: () => service.sendDue(),
  });

  app.addHook('onReady', async () => {
    if (config.smtpUrl !== null) {
      app.log.info({ smtp: describeSmtpUrl(config.smtpUrl), from: config.from }, 'e-mail: sending through SMTP');
    } else {
      const where = `${options.config.publicUrl.replace(/\/+$/, '')}/dev/mail`;
      const detail =
        config.viewer === 'local'
          ? `kept in the outbox viewer at ${where}, which only this machine may open (MAIL_VIEWER=true opens it to anyone, false turns it off)`
          : config.viewer === 'open'
            ? `kept in the outbox viewer at ${where}, which anyone who can reach this server may open (MAIL_VIEWER=true): it shows buyers' tickets`
            : 'kept in the mail_messages table (MAIL_VIEWER=false)';
      const line = `e-mail: no SMTP_URL is set, so no e-mail leaves this server; messages are ${detail}`;
      if (options.config.env === 'production') app.log.warn(line);
      else app.log.info(line);
    }
  });
  app.addHook('onClose', async () => {
    // No new batch is claimed; the one under way is sent and marked before the database closes.
    service.stop();
    await worker.stop();
    service.close();
  });
};
