import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { ExportsOptions } from './modules/exports/options';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes' || value === 'on');

export const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration';
export const APPLE_DISCOVERY_URL = 'https://appleid.apple.com/.well-known/openid-configuration';

export const DEFAULT_MAIL_FROM = 'Marquee <tickets@marquee.local>';

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (10.0.0.0/8, fd00::/8) or one of proxy-addr's names for a range. */
function isProxyAddress(value: string): boolean {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Every environment variable the server reads; validated at boot so a typo fails loudly. */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Public origin used in links, e-mails and Open Graph tags. */
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z.url().optional(),
    /** Where the embedded database (and other local state) lives when DATABASE_URL is unset. */
    DATA_DIR: z.string().default('./data'),
    /** Seeds the demo catalogue into an empty database at start. Default: on. */
    SEED_DEMO: booleanFromEnv.default(true),
    /** The demo organiser accounts' password (SEED_DEMO): unset, one is made at random and kept in the database. */
    DEMO_PASSWORD: z.string().min(8, 'DEMO_PASSWORD must be at least 8 characters').max(128).optional(),
    /** Their authenticator secret (base32): unset, one is made at random and kept in the database. */
    DEMO_TOTP_SECRET: z
      .string()
      .regex(/^[A-Z2-7]{16,64}$/, 'DEMO_TOTP_SECRET must be 16-64 base32 characters (A-Z, 2-7)')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** The built web app; served with the API when it exists. */
    WEB_DIST_DIR: z.string().optional(),
    /** Stripe for card payments: all three, or none (the sandbox card gateway). */
    STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
    /**
     * The sandbox payment providers (test cards, a test 3-D Secure page, test instalment approval): no money
     * moves, and every page says so. Unset: on without Stripe keys (the embedded demo, tests), off with them.
     * Never together with Stripe keys; false needs them (decisions/030).
     */
    PAYMENTS_SANDBOX: booleanFromEnv.optional(),
    /**
     * A hosted-redirect instalment provider ("Pay in 3"; docs/payments-instalments-protocol.md, decisions/033):
     * all three, or none. Beside Stripe only (cards), never beside PAYMENTS_SANDBOX=true. The API address is
     * https in production.
     */
    INSTALMENTS_API_URL: z
      .url({ protocol: /^https?$/, error: 'INSTALMENTS_API_URL must be an http(s):// address' })
      .optional(),
    INSTALMENTS_API_KEY: z.string().min(1).optional(),
    INSTALMENTS_WEBHOOK_SECRET: z
      .string()
      .min(16, 'INSTALMENTS_WEBHOOK_SECRET must be at least 16 characters')
      .optional(),
    /** smtp://user:pass@host:587 or smtps://…:465: e-mails go out through it. Unset: none are sent (see MAIL_VIEWER). */
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// address' }).optional(),
    /** The From of every e-mail. */
    MAIL_FROM: z
      .string()
      .trim()
      .regex(
        /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
        'MAIL_FROM must be an address such as "Marquee <tickets@example.com>"',
      )
      .default(DEFAULT_MAIL_FROM),
    /**
     * The outbox viewer at /dev/mail, only without SMTP_URL. Unset: on, for requests from this machine only;
     * true: for anyone who can reach the server; false: off.
     */
    MAIL_VIEWER: booleanFromEnv.optional(),
    /** Ed25519 private key that signs ticket QR codes: PKCS8 PEM, or base64 of its DER. Unset: made once per database. */
    TICKET_SIGNING_KEY: z.string().min(1).optional(),
    /** HMAC key of the signed, expiring ticket PDF links. Unset: made once per database. */
    TICKET_LINK_KEY: z.string().min(32, 'TICKET_LINK_KEY must be at least 32 characters').optional(),
    /** The bearer token gate staff send to POST /api/check-in. Unset: check-in is off. */
    STAFF_TOKEN: z.string().min(16, 'STAFF_TOKEN must be at least 16 characters').optional(),
    /** Signs session cookies and auth tokens (better-auth). Unset: made once per database. */
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    /** Sign in with Google (OpenID Connect): both, or neither (the button is hidden). */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** Google's OpenID discovery document; tests point it at a local OpenID provider. */
    GOOGLE_DISCOVERY_URL: z.url().default(GOOGLE_DISCOVERY_URL),
    /** Sign in with Apple: the Services ID and the client secret (the JWT Apple asks for, signed with your key). */
    APPLE_CLIENT_ID: z.string().min(1).optional(),
    APPLE_CLIENT_SECRET: z.string().min(1).optional(),
    APPLE_DISCOVERY_URL: z.url().default(APPLE_DISCOVERY_URL),
    /** The proof-of-work captcha on sign-up, password reset, orders and booking lookups. Only tests and benchmarks turn it off. */
    CAPTCHA: booleanFromEnv.default(true),
    /**
     * The reverse proxies or load balancers whose X-Forwarded-For is believed: a comma-separated list of
     * addresses and CIDR ranges (`10.0.0.5, 10.1.0.0/16`), or `loopback`, `linklocal`, `uniquelocal`.
     * Unset: none; the client address is the connection's.
     */
    TRUSTED_PROXIES: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== ''),
      )
      .pipe(
        z.array(
          z.string().refine(isProxyAddress, {
            error: (issue) =>
              `TRUSTED_PROXIES: "${String(issue.input)}" is not an address, a CIDR range (10.0.0.0/8) or loopback, linklocal, uniquelocal`,
          }),
        ),
      )
      .optional(),
    /** redis://host:6379: rate-limit counters and used captchas shared by every server process. Unset: per process. */
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// address' }).optional(),
    /**
     * Where the sandbox provider posts its webhooks. Unset: this process's own endpoint on loopback. Set it
     * to the load balancer's address when several processes run (or to a proxy, as bench/reliability does).
     */
    WEBHOOK_TARGET_URL: z
      .url({ protocol: /^https?$/, error: 'WEBHOOK_TARGET_URL must be an http(s):// address' })
      .optional(),
    /** The background workers' periods (defaults: holds swept every 30 s, e-mails every 5 s, webhooks every 2 s). */
    HOLD_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
    MAIL_SEND_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
    WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
    /** The delay before an e-mail's first retry, doubling up to an hour (default 30 s; decision 015). */
    MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3_600).optional(),
    /**
     * How long a claimed e-mail is left to the process that claimed it before another may send it (default
     * 600 s): what a process that dies mid-send delays its e-mails by. Keep it well above one attempt's
     * longest time (about 80 s of SMTP timeouts), or a slow send may go twice.
     */
    MAIL_LEASE_SECONDS: z.coerce.number().int().min(5).max(86_400).optional(),
    /**
     * A cancelled event's bulk refunds (decisions/040): a batch of EVENT_CANCEL_BATCH_SIZE orders (default 25) every
     * EVENT_CANCEL_INTERVAL_MS (default 1 s), the pace towards the payment provider; a claimed batch is left to its
     * process for EVENT_CANCEL_LEASE_SECONDS (default 120): what a killed process delays its orders by.
     */
    EVENT_CANCEL_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
    EVENT_CANCEL_BATCH_SIZE: z.coerce.number().int().min(1).max(500).optional(),
    EVENT_CANCEL_LEASE_SECONDS: z.coerce.number().int().min(2).max(86_400).optional(),
    /** How often pending refunds whose provider call failed or stalled are retried (default 60 s; decisions/037). */
    REFUND_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
    WAITLIST_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
    /** How long SIGTERM waits for requests and background work to finish before the process gives up (exit 1). */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
    /** How long a server starting while PostgreSQL cannot be reached waits for it before it gives up (exit 1). */
    DATABASE_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  })
  .superRefine((env, ctx) => {
    if (env.SMTP_URL && env.MAIL_VIEWER) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_VIEWER'],
        message: 'The outbox viewer only exists without SMTP_URL: e-mails sent through SMTP are not kept.',
      });
    }
    for (const [id, secret, name] of [
      [env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, 'GOOGLE'],
      [env.APPLE_CLIENT_ID, env.APPLE_CLIENT_SECRET, 'APPLE'],
    ] as const) {
      if (Boolean(id) !== Boolean(secret)) {
        ctx.addIssue({
          code: 'custom',
          path: [`${name}_CLIENT_ID`],
          message: `Set ${name}_CLIENT_ID and ${name}_CLIENT_SECRET together, or neither.`,
        });
      }
    }
    const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
    if (env.PAYMENTS_SANDBOX === true && stripe.some(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_SANDBOX'],
        message:
          'PAYMENTS_SANDBOX=true takes test payments, which must never run beside Stripe: unset PAYMENTS_SANDBOX (or the STRIPE_* keys).',
      });
    }
    if (env.PAYMENTS_SANDBOX === false && !stripe.some(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_SANDBOX'],
        message:
          'PAYMENTS_SANDBOX=false leaves nothing to take payments: set the STRIPE_* keys, or unset PAYMENTS_SANDBOX for test payments.',
      });
    }
    if (stripe.some(Boolean) && !stripe.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together, or none of them.',
      });
    }
    const instalments = [env.INSTALMENTS_API_URL, env.INSTALMENTS_API_KEY, env.INSTALMENTS_WEBHOOK_SECRET];
    if (instalments.some(Boolean) && !instalments.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['INSTALMENTS_API_URL'],
        message:
          'Set INSTALMENTS_API_URL, INSTALMENTS_API_KEY and INSTALMENTS_WEBHOOK_SECRET together, or none of them.',
      });
    }
    if (instalments.some(Boolean) && env.PAYMENTS_SANDBOX === true) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_SANDBOX'],
        message:
          'PAYMENTS_SANDBOX=true takes test payments, which must never run beside a real instalment provider: unset PAYMENTS_SANDBOX (or the INSTALMENTS_* variables).',
      });
    }
    if (instalments.some(Boolean) && !stripe.some(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['INSTALMENTS_API_URL'],
        message:
          'The instalment provider takes real money, and card payments need one too: set the STRIPE_* keys beside the INSTALMENTS_* variables (the sandbox cannot run beside them).',
      });
    }
    if (
      env.INSTALMENTS_API_URL !== undefined &&
      /^http:/i.test(env.INSTALMENTS_API_URL) &&
      env.NODE_ENV === 'production'
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['INSTALMENTS_API_URL'],
        message: 'INSTALMENTS_API_URL must be an https:// address in production (the API key travels with every call).',
      });
    }
  });
export type Env = z.infer<typeof EnvSchema>;

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local stub. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** A hosted-redirect instalment provider (decisions/033). */
export interface InstalmentsConfig {
  apiUrl: string;
  apiKey: string;
  webhookSecret: string;
  /** How long one call to the provider may take (default 10 s); tests shorten it. */
  timeoutMs?: number;
}

export interface MailConfig {
  /** E-mails go out through this SMTP server; null: none are sent, they are kept for the outbox viewer. */
  smtpUrl: string | null;
  from: string;
  /** Who may open the outbox viewer (/dev/mail): nobody, requests from this machine only, or anyone. */
  viewer: 'off' | 'local' | 'open';
}

export interface TicketsConfig {
  /** TICKET_SIGNING_KEY; null: the key kept in app_secrets. */
  signingKey: string | null;
  /** TICKET_LINK_KEY; null: the key kept in app_secrets. */
  linkKey: string | null;
  /** STAFF_TOKEN; null: check-in is off. */
  staffToken: string | null;
}

/** An OpenID Connect client of Google or Apple. */
export interface OidcClientConfig {
  clientId: string;
  clientSecret: string;
  discoveryUrl: string;
}

export interface AuthConfig {
  /** AUTH_SECRET; null: the secret kept in app_secrets. */
  secret: string | null;
  google: OidcClientConfig | null;
  apple: OidcClientConfig | null;
}

/** The background workers' periods; absent: the defaults (and off in tests, which drive the workers). */
export interface WorkersConfig {
  holdSweepIntervalMs?: number | undefined;
  mailSendIntervalMs?: number | undefined;
  webhookIntervalMs?: number | undefined;
  mailRetrySeconds?: number | undefined;
  mailLeaseSeconds?: number | undefined;
  eventCancelIntervalMs?: number | undefined;
  eventCancelBatchSize?: number | undefined;
  eventCancelLeaseSeconds?: number | undefined;
  refundSweepIntervalMs?: number | undefined;
  /** How often the waitlist offers tickets that came back (issue 23). */
  waitlistIntervalMs?: number | undefined;
}

export interface AppConfig {
  env: Env['NODE_ENV'];
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string | null;
  /** Card payments through Stripe; null: the sandbox card gateway. */
  stripe?: StripeConfig | null;
  /** Instalments through a hosted-redirect provider; null: the sandbox's (with the sandbox), or refused (with Stripe). Needs `stripe`. */
  instalments?: InstalmentsConfig | null;
  /** PAYMENTS_SANDBOX: the sandbox payment providers run; absent: on unless `stripe` is set. Never with `stripe`. */
  paymentsSandbox?: boolean;
  /** Where the sandbox provider posts its webhooks (this server's own address); null: in-process. */
  webhookTargetUrl?: string | null;
  /** How e-mails leave; absent: none are sent, the outbox viewer is on for this machine (tests, demos). */
  mail?: MailConfig;
  /** Ticket signing and check-in (decisions/014); absent: keys made once per database, check-in off. */
  tickets?: TicketsConfig;
  /** Failed booking lookups per client, and per client and Booking ID, per window (Download Your Tickets); 10 per 10 minutes by default. */
  bookingLookupLimit?: { max: number; windowMs: number };
  /** Accounts (decisions/019); absent: credentials only, the secret kept in app_secrets. */
  auth?: AuthConfig;
  /** The proof-of-work captcha (decisions/020); absent: on. Only tests and benchmarks set false. */
  captcha?: boolean;
  /** CSRF double-submit checks on state-changing requests; absent: on. Only API tests that are not about CSRF set false. */
  csrf?: boolean;
  /** Shared counters (rate limits, used captchas); null or absent: each process keeps its own. */
  redisUrl?: string | null;
  /** TRUSTED_PROXIES: the proxies whose X-Forwarded-For is believed; absent or empty: none. */
  trustedProxies?: readonly string[];
  /** Keys each rate limit keeps in memory (without Redis or while it is down); full: new keys refused. Tests make it small. */
  rateLimitMemoryKeys?: number;
  /** The background workers' periods (hold sweeper, e-mail outbox, webhook deliveries). */
  workers?: WorkersConfig;
  /**
   * Tests only, never read from the environment (so off in production): organisers' webhooks may go to http://
   * and loopback addresses, so that a test's receiver on 127.0.0.1 is reached (decisions/044).
   */
  webhooksAllowLoopbackHttp?: boolean;
  /** Streamed exports (decisions/042): rows per page, exports at once per organisation, the idle limit; tests' hook. */
  exports?: ExportsOptions;
}

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
export const DEFAULT_WEB_DIST_DIR = resolve(REPO_ROOT, 'apps/web/dist');

/** An empty variable (`REDIS_URL=`) counts as unset, as shells and process managers commonly mean it. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * Relative paths are taken from where the operator typed the command: npm runs workspace scripts in the
 * workspace's folder but sets INIT_CWD to the folder it was started in.
 */
function fromInvocationDir(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

export function resolveDataDir(env: Env): string {
  return fromInvocationDir(env.DATA_DIR);
}

export function appConfigFromEnv(env: Env): AppConfig {
  return {
    env: env.NODE_ENV,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR ? fromInvocationDir(env.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          }
        : null,
    instalments:
      env.INSTALMENTS_API_URL && env.INSTALMENTS_API_KEY && env.INSTALMENTS_WEBHOOK_SECRET
        ? {
            apiUrl: env.INSTALMENTS_API_URL,
            apiKey: env.INSTALMENTS_API_KEY,
            webhookSecret: env.INSTALMENTS_WEBHOOK_SECRET,
          }
        : null,
    paymentsSandbox:
      env.PAYMENTS_SANDBOX ?? !(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET),
    // Unless told otherwise, the process posts to itself on loopback, whatever interface it listens on.
    webhookTargetUrl: env.WEBHOOK_TARGET_URL ?? `http://127.0.0.1:${env.PORT}/api/payments/webhooks/sandbox`,
    mail: {
      smtpUrl: env.SMTP_URL ?? null,
      from: env.MAIL_FROM,
      viewer: env.SMTP_URL || env.MAIL_VIEWER === false ? 'off' : env.MAIL_VIEWER ? 'open' : 'local',
    },
    auth: {
      secret: env.AUTH_SECRET ?? null,
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? {
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              discoveryUrl: env.GOOGLE_DISCOVERY_URL,
            }
          : null,
      apple:
        env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET
          ? {
              clientId: env.APPLE_CLIENT_ID,
              clientSecret: env.APPLE_CLIENT_SECRET,
              discoveryUrl: env.APPLE_DISCOVERY_URL,
            }
          : null,
    },
    captcha: env.CAPTCHA,
    csrf: true,
    redisUrl: env.REDIS_URL ?? null,
    trustedProxies: env.TRUSTED_PROXIES ?? [],
    tickets: {
      signingKey: env.TICKET_SIGNING_KEY ?? null,
      linkKey: env.TICKET_LINK_KEY ?? null,
      staffToken: env.STAFF_TOKEN ?? null,
    },
    workers: {
      holdSweepIntervalMs: env.HOLD_SWEEP_INTERVAL_MS,
      mailSendIntervalMs: env.MAIL_SEND_INTERVAL_MS,
      webhookIntervalMs: env.WEBHOOK_INTERVAL_MS,
      mailRetrySeconds: env.MAIL_RETRY_SECONDS,
      mailLeaseSeconds: env.MAIL_LEASE_SECONDS,
      eventCancelIntervalMs: env.EVENT_CANCEL_INTERVAL_MS,
      eventCancelBatchSize: env.EVENT_CANCEL_BATCH_SIZE,
      eventCancelLeaseSeconds: env.EVENT_CANCEL_LEASE_SECONDS,
      refundSweepIntervalMs: env.REFUND_SWEEP_INTERVAL_MS,
      waitlistIntervalMs: env.WAITLIST_INTERVAL_MS,
    },
  };
}
