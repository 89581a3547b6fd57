/**
 * The waiting-room bench's HTTP side: a keep-alive pool per server (node:http's Agent, so 50,000 buyers
 * share a few dozen sockets instead of opening one each) and a cookie jar per buyer, as each buyer is
 * a browser of its own. undici's Agent would do the same; it is not a dependency of this workspace, and
 * node:http costs the load generator less CPU on this shared machine.
 */
import { Agent, request } from 'node:http';

export interface Answer {
  status: number;
  body: string;
  /** The Set-Cookie lines of the answer. */
  setCookies: string[];
  /** From the request's start to the end of the answer's body. */
  ms: number;
}

/** One server: its port and its keep-alive pool. */
export class ServerPool {
  readonly port: number;
  readonly #agent: Agent;

  constructor(port: number, connections: number) {
    this.port = port;
    this.#agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  }

  send(options: {
    method: 'GET' | 'POST';
    path: string;
    headers: Record<string, string>;
    body?: string;
    timeoutMs: number;
  }): Promise<Answer> {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...options.headers };
      if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(options.body));
      }
      const req = request(
        { host: '127.0.0.1', port: this.port, method: options.method, path: options.path, headers, agent: this.#agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              setCookies: res.headers['set-cookie'] ?? [],
              ms: performance.now() - started,
            }),
          );
        },
      );
      req.setTimeout(options.timeoutMs, () => req.destroy(new Error(`timeout after ${options.timeoutMs} ms`)));
      req.on('error', reject);
      req.end(options.body);
    });
  }

  close(): void {
    this.#agent.destroy();
  }
}

/** A browser's cookies for one site: name → value, as the Set-Cookie lines of its answers left them. */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  /** Applies Set-Cookie lines: a value is set, or removed when it is empty or already expired. */
  store(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const equals = pair.indexOf('=');
      if (equals <= 0) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      const isExpired = attributes.some((attribute) => {
        const [key = '', attributeValue = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'max-age') return Number(attributeValue) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(attributeValue) <= Date.now();
        return false;
      });
      if (value === '' || isExpired) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  set(name: string, value: string): void {
    this.#cookies.set(name, value);
  }

  delete(name: string): void {
    this.#cookies.delete(name);
  }

  /** The Cookie header, leaving out the names in `without`. */
  header(without: readonly string[] = []): string {
    const pairs: string[] = [];
    for (const [name, value] of this.#cookies) if (!without.includes(name)) pairs.push(`${name}=${value}`);
    return pairs.join('; ');
  }

  names(): string[] {
    return [...this.#cookies.keys()];
  }
}
