/**
 * What the reliability harness breaks: the webhook endpoint (a proxy in front of the servers that answers
 * 503 while an outage lasts) and the SMTP server (a local sink that is closed for a while). The server
 * processes and PostgreSQL are broken from run.ts (SIGKILL, a PostgreSQL kill and restart).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { startSmtpSink, type SmtpSink } from '@marquee/server/testing/smtp-sink';

export interface WebhookProxy {
  port: number;
  /** While on, every delivery is answered 503 (the provider then retries with backoff). */
  setFailing(isFailing: boolean): void;
  counts: { refused: number; forwarded: number; upstreamErrors: number };
  close(): Promise<void>;
}

/**
 * The sandbox provider's webhooks go here (the servers' WEBHOOK_TARGET_URL), as to a load balancer: each
 * delivery is forwarded to one of the live servers' webhook endpoint, in turn, or refused with 503 while
 * the outage lasts. A server that cannot be reached makes a 502, which the provider retries too.
 */
export async function startWebhookProxy(options: { port: number; targets: () => number[] }): Promise<WebhookProxy> {
  let isFailing = false;
  let turn = 0;
  const counts = { refused: 0, forwarded: 0, upstreamErrors: 0 };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    if (isFailing) {
      counts.refused += 1;
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"Webhook endpoint down (fault injected)."}');
      return;
    }
    const targets = options.targets();
    const port = targets[turn++ % Math.max(1, targets.length)];
    try {
      if (port === undefined) throw new Error('no live server');
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'marquee-signature']) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const upstream = await fetch(`http://127.0.0.1:${port}${request.url ?? '/'}`, {
        method: 'POST',
        headers,
        body: Buffer.concat(chunks),
        signal: AbortSignal.timeout(15_000),
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      counts.forwarded += 1;
      response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/plain' }).end(body);
    } catch {
      counts.upstreamErrors += 1;
      response.writeHead(502).end();
    }
  };
  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    port: options.port,
    setFailing: (value) => {
      isFailing = value;
    },
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface SmtpServer {
  port: number;
  url: string;
  isUp(): boolean;
  /** Takes the SMTP server away: connections are refused (sessions under way are cut after 1 s). */
  stop(): Promise<void>;
  /** Brings it back on the same port. */
  start(): Promise<void>;
  /** How many times each Message-ID was received, over every period the server was up. */
  receivedByMessageId(): Map<string, number>;
}

/** The SMTP server the servers send through (SMTP_URL), which the harness can take away and bring back. */
export async function startSmtpServer(port: number): Promise<SmtpServer> {
  const finished: SmtpSink['received'] = [];
  let sink: SmtpSink | null = await startSmtpSink({ port });
  const url = sink.url;
  return {
    port,
    url,
    isUp: () => sink !== null,
    async stop() {
      if (!sink) return;
      const closing = sink;
      sink = null;
      await closing.close();
      finished.push(...closing.received);
    },
    async start() {
      if (!sink) sink = await startSmtpSink({ port });
    },
    receivedByMessageId() {
      const counts = new Map<string, number>();
      for (const mail of [...finished, ...(sink?.received ?? [])]) {
        const id = mail.message.headers.get('message-id') ?? '(none)';
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      return counts;
    },
  };
}
