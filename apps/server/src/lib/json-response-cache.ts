import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TtlCache } from './ttl-cache';

/**
 * Caches catalogue answers as their serialised JSON, per normalised query key, for a few seconds.
 *
 * On a hit the handler sends the stored string (or a stored compressed copy): no database query, no
 * zod serialisation, no JSON.stringify. On a miss the answer is validated against its response schema
 * once and serialised once, and concurrent misses for the same key share that work (single flight).
 * Every answer carries a weak ETag and `If-None-Match` gets a 304.
 *
 * Short-lived on purpose: several server processes may share one database, so the cache only smooths
 * bursts; nothing relies on it for correctness (orders and holds always check the database).
 */

/** The 304 of a route that answers from a JsonResponseCache, for its documented responses (OpenAPI). */
export const NOT_MODIFIED_RESPONSE = {
  304: z.null().describe('Not modified: the ETag in `If-None-Match` still matches; no body.'),
} as const;

/** Browsers and CDNs may reuse an answer for 5 s and serve it stale for 30 s more while they refresh it. */
export const CATALOG_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';
export const DEFAULT_CATALOG_CACHE_TTL_MS = 5_000;
/** The same threshold as @fastify/compress in app.ts: smaller bodies are not worth compressing. */
const MIN_COMPRESSED_BYTES = 1024;
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

type ContentEncoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export class CachedJson {
  /**
   * The JSON with every non-ASCII character written as a \uXXXX escape (the same value to any JSON
   * parser). A pure-ASCII string goes to the socket with the headers in one write and no UTF-8
   * encoding pass, the fastest path Node has; a Buffer costs a writev, a non-ASCII string a slow
   * encoding pass on every reply (a quarter of the CPU in the bench).
   */
  readonly body: string;
  readonly etag: string;
  readonly byteLength: number;
  readonly #encoded = new Map<ContentEncoding, Promise<Buffer>>();

  constructor(json: string) {
    this.body = toAsciiJson(json);
    this.byteLength = this.body.length;
    this.etag = `W/"${createHash('sha1').update(this.body).digest('base64url')}"`;
  }

  /** The body compressed once per entry, on first demand (the bonus the compress plugin cannot give: it recompresses every reply). */
  encoded(encoding: ContentEncoding): Promise<Buffer> {
    let pending = this.#encoded.get(encoding);
    if (!pending) {
      pending =
        encoding === 'br'
          ? brotli(this.body, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.byteLength,
              },
            })
          : gzipAsync(this.body, { level: 6 });
      this.#encoded.set(encoding, pending);
    }
    return pending;
  }
}

export interface CachedSend<T> {
  /** A key that identifies the answer: the route plus its normalised (parsed) parameters. */
  key: string;
  schema: z.ZodType<T>;
  load: () => Promise<T>;
}

export class JsonResponseCache {
  readonly #cache: TtlCache<CachedJson>;
  readonly #cacheControl: string;

  /** `cacheControl`: what browsers may do with the answers; live answers (seat states) use `no-cache`, so polls revalidate by ETag. */
  constructor(options: { ttlMs?: number; cacheControl?: string } = {}) {
    this.#cacheControl = options.cacheControl ?? CATALOG_CACHE_CONTROL;
    this.#cache = new TtlCache<CachedJson>({
      ttlMs: options.ttlMs ?? DEFAULT_CATALOG_CACHE_TTL_MS,
      maxEntries: 5_000,
      // Compressed copies are a fraction of the body; counting the body twice keeps the bound honest.
      maxSize: { total: MAX_CACHED_BYTES, of: (entry) => entry.byteLength * 2 },
    });
  }

  /**
   * Sends the cached answer for `key`, loading, validating and serialising it on a miss. Errors thrown
   * by `load` (e.g. a 404 AppError) go to the error handler and are not cached.
   * Call from a non-async handler, which then returns nothing.
   */
  send<T>(request: FastifyRequest, reply: FastifyReply, options: CachedSend<T>): void {
    const hit = this.#cache.peek(options.key);
    if (hit) {
      writeCachedJson(request, reply, hit, this.#cacheControl);
      return;
    }
    this.#cache
      .getOrLoad(options.key, async () => new CachedJson(JSON.stringify(options.schema.parse(await options.load()))))
      .then(
        (entry) => writeCachedJson(request, reply, entry, this.#cacheControl),
        (error: unknown) => reply.send(error),
      );
  }

  clear(): void {
    this.#cache.clear();
  }
}

function writeCachedJson(request: FastifyRequest, reply: FastifyReply, entry: CachedJson, cacheControl: string): void {
  reply.header('cache-control', cacheControl);
  reply.header('etag', entry.etag);
  reply.header('vary', 'accept-encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'], entry.etag)) {
    reply.code(304).send();
    return;
  }
  // A string body with a JSON content type is sent as is: Fastify skips its serialiser.
  reply.header('content-type', 'application/json; charset=utf-8');
  const encoding =
    entry.byteLength >= MIN_COMPRESSED_BYTES ? pickContentEncoding(request.headers['accept-encoding']) : null;
  if (encoding === null) {
    reply.send(entry.body);
    return;
  }
  entry.encoded(encoding).then(
    (buffer) => {
      // @fastify/compress leaves a reply alone once it has a Content-Encoding.
      reply.header('content-encoding', encoding);
      reply.send(buffer);
    },
    (error: unknown) => reply.send(error),
  );
}

/** Escapes every non-ASCII UTF-16 unit (surrogate pairs too, as JSON allows) and returns a one-byte string. */
export function toAsciiJson(json: string): string {
  if (/^\p{ASCII}*$/u.test(json)) return json;
  const escaped = json.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  // A fresh latin1 round trip guarantees V8's one-byte representation.
  return Buffer.from(escaped, 'latin1').toString('latin1');
}

/** Weak comparison (RFC 9110 §13.1.2): `W/"x"` matches `"x"`; `*` matches anything. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = stripWeak(etag);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || stripWeak(tag) === opaque;
  });
}

function stripWeak(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/** br when the client accepts it, else gzip, else null (identity). Honours `;q=0`. */
export function pickContentEncoding(header: string | undefined): ContentEncoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    accepted.set(name.trim(), Number.isFinite(q) ? q : 0);
  }
  const qualityOf = (encoding: ContentEncoding): number => accepted.get(encoding) ?? accepted.get('*') ?? 0;
  const br = qualityOf('br');
  const gz = qualityOf('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}
