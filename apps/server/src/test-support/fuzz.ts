import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '@marquee/db/client';

/**
 * Tools for the API fuzz tests (src/security/fuzz.test.ts): the app's route list, fast-check arbitraries
 * made from the shared zod schemas, hostile values (forwarding headers among them), and a fingerprint of
 * every table a request may write.
 */

// ---------------------------------------------------------------------------------------------------
// Routes

/**
 * Every `METHOD /path` the app answers, read from Fastify's own radix tree (`printRoutes()`): a node's
 * path is its ancestors' labels joined, so `/api/events/:uid/seat-map` comes out exactly as registered.
 */
export function listRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const label = match[2] ?? '';
    const withMethods = /^(.*) \(([A-Z, ]+)\)$/.exec(label);
    const path = (stack[depth - 1] ?? '') + (withMethods ? (withMethods[1] ?? '') : label);
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of withMethods?.[2]?.split(', ') ?? []) routes.push(`${method} ${path}`);
  }
  return [...new Set(routes)].sort();
}

// ---------------------------------------------------------------------------------------------------
// Hostile values

/** Strings that have broken web apps: injections, encodings, sizes, unicode edge cases. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  "Robert'); DROP TABLE orders;--",
  "' OR '1'='1",
  '1; SELECT pg_sleep(10)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${7*7}{{7*7}}#{7*7}',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: x=1',
  '\uD800',
  'x\uDC00y',
  // Half a surrogate pair before a non-ASCII character: PGlite refuses the query ("invalid byte sequence").
  '\uDFFF\u202E\uDFFF',
  'é\uD800é',
  '\u202Egnp.exe',
  '\u200F\u200E\u200B\uFEFF',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  'ß',
  'İ',
  'ﬃ',
  'é',
  'සිංහල',
  'தமிழ்',
  '-1',
  '0',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '0x7fffffff',
  '9999999999999999999999',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
  'x'.repeat(300),
  'x'.repeat(5_000),
];

/** Numbers no field wants: negative, zero, fractions, beyond 32 and 53 bits, the float extremes. */
export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  1.000001,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

/** A value nested `depth` levels deep in arrays or objects. */
export function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Any JSON value a client could send in a field's place: hostile strings and numbers, wrong types, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { __proto__: null }, ['a', 1], { $gt: '' }),
  },
  { weight: 1, arbitrary: fc.constantFrom(nested(500, 'array'), nested(500, 'object'), Array(5_000).fill(1)) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\u202E', '<', "'", '"', '\\', '%'),
      maxLength: 12,
    }),
  },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true }) },
);

/** A string a path segment or query value could hold: hostile, random unicode (with lone surrogates), or plain. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\u202E', '/', '?', '#', '%', '.'),
      maxLength: 12,
    }),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

/**
 * Percent-encodes text for a URL, lone surrogates included (as the bytes of their invalid UTF-8 form,
 * which `encodeURIComponent` refuses to write): the server must cope with what browsers never send.
 */
export function encodeAnything(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    } else out += encodeURIComponent(char);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Forwarding headers: what a client (or a neighbour pretending to be a proxy) may say about its address

/** Printable Latin-1: what a header value can carry (Node refuses control characters and code points above 255). */
export const headerText: fc.Arbitrary<string> = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((c) => c !== 0x7f)
    .map((c) => String.fromCharCode(c)),
  maxLength: 120,
});

/** The hostile strings a header can carry at all. */
const HOSTILE_HEADER_STRINGS = HOSTILE_STRINGS.filter((text) => /^[\x20-\x7e\xa0-\xff]*$/.test(text));

/** Anything that may stand where an address is: every spelling of IPv4 and IPv6, loopback, ports, zones, names. */
export const addressLike: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.ipV4() },
  { weight: 3, arbitrary: fc.ipV6() },
  { weight: 1, arbitrary: fc.ipV4Extended() },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:198.51.100.7',
      '0.0.0.0',
      '255.255.255.255',
      '10.0.0.1',
      'fd00::1',
      'fe80::1%eth0',
      '[2001:db8::1]:443',
      '198.51.100.7:8080',
      '2001:DB8:0:0:0:0:0:1',
      'unknown',
      '_hidden',
      'localhost',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_HEADER_STRINGS) },
  { weight: 1, arbitrary: headerText },
);

/** An X-Forwarded-For value: one address, a chain, hundreds of them, one huge token, or garbage. */
export const forwardedForValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: addressLike },
  { weight: 3, arbitrary: fc.array(addressLike, { minLength: 2, maxLength: 6 }).map((chain) => chain.join(', ')) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 100, max: 500 }), fc.boolean())
      .map(([n, v6]) =>
        Array.from({ length: n }, (_, i) => (v6 ? `2001:db8::${i.toString(16)}` : `192.0.${i >> 8}.${i & 255}`)).join(
          ',',
        ),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '9'.repeat(8_000),
      `${'1.'.repeat(3_000)}1`,
      ','.repeat(4_000),
      ' , '.repeat(2_000),
      `${'f:'.repeat(2_000)}:1`,
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', ',', ';', '"', 'for=', '[', ']') },
);

/** A `Forwarded` value (RFC 7239), well-formed or not. */
const forwardedValue: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(addressLike, fc.constantFrom('http', 'https', 'javascript'))
    .map(([address, proto]) => `for=${address};proto=${proto}`),
  fc
    .array(addressLike, { minLength: 1, maxLength: 4 })
    .map((chain) => chain.map((address) => `for="${address}"`).join(', ')),
  headerText,
);

/** The headers proxies, load balancers and CDNs add about the client (lower case, as Node gives them). */
export const FUZZED_FORWARDING_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'forwarded',
  'via',
  'x-real-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'x-client-ip',
  'client-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
] as const;

/** One forwarding header with a hostile value. */
const forwardingHeader: fc.Arbitrary<[string, string]> = fc.oneof(
  { weight: 4, arbitrary: forwardedForValue.map((value): [string, string] => ['x-forwarded-for', value]) },
  { weight: 2, arbitrary: forwardedValue.map((value): [string, string] => ['forwarded', value]) },
  { weight: 2, arbitrary: addressLike.map((value): [string, string] => ['x-real-ip', value]) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...FUZZED_FORWARDING_HEADERS), fc.oneof(addressLike, headerText))
      .map(([name, value]): [string, string] => [name, value]),
  },
);

/** Up to four forwarding headers, each with a hostile value. */
export function hostileForwarding(): fc.Arbitrary<Record<string, string>> {
  return fc.array(forwardingHeader, { maxLength: 4 }).map((headers) => Object.fromEntries(headers));
}

/** Raw (already encoded) path segments and query strings that are malformed on purpose. */
export const MALFORMED_URL_PARTS: readonly string[] = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%2e%2e',
  '..',
  '%2F',
  '%00',
  '%FF%FE',
  '+',
  '%u0041',
];

// ---------------------------------------------------------------------------------------------------
// Arbitraries from the shared zod schemas

interface JsonSchemaNode {
  type?: string | string[] | undefined;
  properties?: Record<string, JsonSchemaNode> | undefined;
  required?: string[] | undefined;
  items?: JsonSchemaNode | undefined;
  anyOf?: JsonSchemaNode[] | undefined;
  enum?: unknown[] | undefined;
  const?: unknown;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  pattern?: string | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  exclusiveMinimum?: number | undefined;
  exclusiveMaximum?: number | undefined;
  minItems?: number | undefined;
  maxItems?: number | undefined;
}

const JsonSchemaNodeSchema: z.ZodType<JsonSchemaNode> = z.lazy(() =>
  z.object({
    type: z.union([z.string(), z.array(z.string())]).optional(),
    properties: z.record(z.string(), JsonSchemaNodeSchema).optional(),
    required: z.array(z.string()).optional(),
    items: JsonSchemaNodeSchema.optional(),
    anyOf: z.array(JsonSchemaNodeSchema).optional(),
    enum: z.array(z.unknown()).optional(),
    const: z.unknown().optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    pattern: z.string().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    exclusiveMinimum: z.number().optional(),
    exclusiveMaximum: z.number().optional(),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
  }),
);

/** Longest string and array drawn for a field without a pattern: long enough to probe, short enough to run fast. */
const MAX_DRAWN_LENGTH = 64;
const MAX_DRAWN_ITEMS = 4;

function arbitraryFromNode(node: JsonSchemaNode, overrides: Overrides, path: string): fc.Arbitrary<unknown> {
  const override = overrides[path];
  if (override) return typeof override === 'function' ? override(derivedFromNode(node, overrides, path)) : override;
  return derivedFromNode(node, overrides, path);
}

function derivedFromNode(node: JsonSchemaNode, overrides: Overrides, path: string): fc.Arbitrary<unknown> {
  if ('const' in node && node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  if (node.anyOf) return fc.oneof(...node.anyOf.map((option) => arbitraryFromNode(option, overrides, path)));
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  switch (type) {
    case 'object': {
      const properties = node.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties)) {
        record[key] = arbitraryFromNode(child, overrides, path ? `${path}.${key}` : key);
      }
      return fc.record(record, { requiredKeys: (node.required ?? []).filter((key) => key in properties) });
    }
    case 'array': {
      const minLength = node.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(node.maxItems ?? MAX_DRAWN_ITEMS, MAX_DRAWN_ITEMS));
      return fc.array(arbitraryFromNode(node.items ?? {}, overrides, `${path}[]`), { minLength, maxLength });
    }
    case 'string': {
      const minLength = node.minLength ?? 0;
      const maxLength = node.maxLength ?? Number.MAX_SAFE_INTEGER;
      const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
      if (node.pattern) return fc.stringMatching(new RegExp(node.pattern, 'u')).filter(fits);
      const drawnMax = Math.max(minLength, Math.min(maxLength, MAX_DRAWN_LENGTH));
      return fc.oneof(
        { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: drawnMax }).filter(fits) },
        { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).filter(fits) },
      );
    }
    case 'integer': {
      const min =
        node.exclusiveMinimum !== undefined ? Math.floor(node.exclusiveMinimum) + 1 : (node.minimum ?? -2_147_483_648);
      const max =
        node.exclusiveMaximum !== undefined ? Math.ceil(node.exclusiveMaximum) - 1 : (node.maximum ?? 2_147_483_647);
      return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
    }
    case 'number':
      return fc.double({ min: node.minimum ?? -1e9, max: node.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return hostileValue;
  }
}

/**
 * Arbitraries for some fields by dotted path (`buyer.email`, `ticket_package_details[].package_id`): one
 * to use instead, or a function of the one drawn from the schema (to mix real values in with it).
 */
export type Overrides = Record<
  string,
  fc.Arbitrary<unknown> | ((derived: fc.Arbitrary<unknown>) => fc.Arbitrary<unknown>)
>;

/** Mostly `real` (ids and secrets that exist), sometimes what the schema alone gives. */
export function mostly(real: fc.Arbitrary<unknown>): (derived: fc.Arbitrary<unknown>) => fc.Arbitrary<unknown> {
  return (derived) => fc.oneof({ weight: 6, arbitrary: real }, { weight: 1, arbitrary: derived });
}

/**
 * Values shaped like a zod schema's input (read through `z.toJSONSchema`): its fields, types, bounds and
 * patterns (strings from the patterns themselves, so most values pass). Unpatterned strings mix in
 * hostile strings of a fitting length. Overrides put real ids and secrets where random ones find nothing.
 */
export function arbitraryFromSchema(schema: z.ZodType, overrides: Overrides = {}): fc.Arbitrary<unknown> {
  const node = JsonSchemaNodeSchema.parse(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
  return arbitraryFromNode(node, overrides, '');
}

const JsonObjectSchema = z.record(z.string(), z.unknown());

/** Every path to a value inside `value` (objects and arrays), the root first. */
export function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths: (string | number)[][] = [prefix];
  if (Array.isArray(value)) value.forEach((item, index) => paths.push(...pathsOf(item, [...prefix, index])));
  else {
    const object = JsonObjectSchema.safeParse(value);
    if (object.success && value !== null) {
      for (const [key, item] of Object.entries(object.data)) paths.push(...pathsOf(item, [...prefix, key]));
    }
  }
  return paths;
}

/** `value` with the part at `path` replaced (a copy; `value` is not changed). */
export function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  const object = JsonObjectSchema.safeParse(value);
  if (!object.success) return value;
  return Object.fromEntries(
    Object.entries(object.data).map(([key, item]) => [key, key === head ? replaceAt(item, rest, replacement) : item]),
  );
}

/**
 * A valid-shaped value with one of its parts (a field, an item, or the whole) swapped for a hostile one:
 * the input that gets past most checks and then meets the one that matters.
 */
export function withOneHostilePart(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.nat(), hostileValue).map(([value, pick, hostile]) => {
    const paths = pathsOf(value);
    return replaceAt(value, paths[pick % paths.length] ?? [], hostile);
  });
}

// ---------------------------------------------------------------------------------------------------
// What a request may write

const FingerprintRowsSchema = z.object({ rows: z.array(z.object({ fingerprint: z.string() })) });
const FingerprintSchema = z.record(z.string(), z.union([z.number(), z.string()]));
export type DbFingerprint = z.infer<typeof FingerprintSchema>;

/**
 * The row counts of every table a request may write, the packages' sold and held sums, and the states
 * rows move through: a refused request must leave all of it as it was (no partial writes).
 */
export async function dbFingerprint(db: Db): Promise<DbFingerprint> {
  const result = await db.execute(sql`
    SELECT json_build_object(
      'orders', (SELECT count(*) FROM orders),
      'orders_by_status', (SELECT coalesce(string_agg(status || ':' || n, ',' ORDER BY status), '')
                           FROM (SELECT status, count(*) AS n FROM orders GROUP BY status) s),
      'order_lines', (SELECT count(*) FROM order_lines),
      'holds', (SELECT count(*) FROM holds),
      'holds_by_status', (SELECT coalesce(string_agg(status || ':' || n, ',' ORDER BY status), '')
                          FROM (SELECT status, count(*) AS n FROM holds GROUP BY status) s),
      'seat_claims', (SELECT count(*) FROM seat_claims),
      'seat_claims_sold', (SELECT count(*) FROM seat_claims WHERE state = 'sold'),
      'tickets', (SELECT count(*) FROM tickets),
      'tickets_used', (SELECT count(*) FROM tickets WHERE used_at IS NOT NULL),
      'outbox', (SELECT count(*) FROM outbox),
      'payment_events', (SELECT count(*) FROM payment_events),
      'sandbox_payment_intents', (SELECT count(*) FROM sandbox_payment_intents),
      'intents_by_status', (SELECT coalesce(string_agg(status || ':' || n, ',' ORDER BY status), '')
                            FROM (SELECT status, count(*) AS n FROM sandbox_payment_intents GROUP BY status) s),
      'sandbox_webhook_deliveries', (SELECT count(*) FROM sandbox_webhook_deliveries),
      'mail_messages', (SELECT count(*) FROM mail_messages),
      'promo_codes_used', (SELECT coalesce(sum(used_count), 0) FROM promo_codes),
      'packages_sold', (SELECT coalesce(sum(sold_count), 0) FROM ticket_packages),
      'packages_held', (SELECT coalesce(sum(held_count), 0) FROM ticket_packages),
      'users', (SELECT count(*) FROM users),
      'sessions', (SELECT count(*) FROM sessions),
      'accounts', (SELECT count(*) FROM accounts),
      'verifications', (SELECT count(*) FROM verifications),
      'user_orders', (SELECT count(*) FROM user_orders),
      'notify_me_by_status', (SELECT coalesce(string_agg(status || ':' || n, ',' ORDER BY status), '')
                              FROM (SELECT status, count(*) AS n FROM notify_me_subscriptions GROUP BY status) s)
    )::text AS fingerprint`);
  const row = FingerprintRowsSchema.parse(result).rows[0];
  return FingerprintSchema.parse(JSON.parse(row?.fingerprint ?? '{}'));
}
