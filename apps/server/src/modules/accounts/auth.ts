import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth, type GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Db } from '@marquee/db/client';
import { accounts, sessions, twoFactors, users, verifications } from '@marquee/db/schema';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type SocialProvider } from '@marquee/domain/accounts';
import type { AppConfig, OidcClientConfig } from '../../config';
import { ensureAppSecret } from '../../lib/app-secrets';
import { PASSWORD_RESET_VALID_MINUTES } from '../mail/service';

export const AUTH_BASE_PATH = '/api/auth';
/** Where the e-mailed reset link lands after better-auth checked its token: the web app's form. */
export const RESET_PASSWORD_PAGE = '/reset-password';

/**
 * The calls whose new session was made by a verified second factor: the sign-in's code step (a TOTP code
 * or a backup code) and the enrolment's first code. Any other session (a password alone, Google or Apple,
 * a session renewed by another call) is made with `second_factor = false` (decisions/032).
 */
export const SECOND_FACTOR_PATHS: ReadonlySet<string> = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
]);

/** better-auth's session cookie (cookiePrefix `marquee`). */
export const SESSION_COOKIE = 'marquee.session_token';

/** better-auth's two-factor challenge cookie (cookiePrefix `marquee`): set by a password sign-in that needs a code. */
export const TWO_FACTOR_COOKIE = 'marquee.two_factor';

export interface AuthDeps {
  db: Db;
  config: AppConfig;
  /** Queues the reset e-mail (the mail module's outbox). */
  sendResetPassword: (userId: string, url: string) => Promise<void>;
}

function oidcProvider(providerId: SocialProvider, client: OidcClientConfig): GenericOAuthConfig {
  return {
    providerId,
    discoveryUrl: client.discoveryUrl,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    // Apple posts its answer back (form_post) when name and e-mail are asked for.
    ...(providerId === 'apple' ? { responseMode: 'form_post' as const, scopes: ['openid', 'email', 'name'] } : {}),
    requireIdTokenVerification: true,
  };
}

/**
 * better-auth (decisions/019): accounts, scrypt password hashes, database sessions in an HttpOnly,
 * SameSite=Lax cookie (Secure over https), a new session at every sign-in, reset tokens, and OpenID
 * Connect for Google and Apple through its generic OAuth plugin (their real discovery documents in
 * production, a local OpenID provider in tests), and two factors (TOTP, backup codes) through its twoFactor
 * plugin, `sessions.second_factor` saying which sessions a code made. Its own rate limiter is off (the
 * twoFactor plugin's with it): ours counts per client and per account, shared through Redis
 * (plugins/rate-limits).
 */
export async function createAuth(deps: AuthDeps) {
  const { config } = deps;
  const secret =
    config.auth?.secret ?? (await ensureAppSecret(deps.db, 'auth_secret', () => randomBytes(32).toString('base64url')));
  const providers: GenericOAuthConfig[] = [];
  if (config.auth?.google) providers.push(oidcProvider('google', config.auth.google));
  if (config.auth?.apple) providers.push(oidcProvider('apple', config.auth.apple));
  const isHttps = config.publicUrl.startsWith('https:');

  const auth = betterAuth({
    appName: 'Marquee',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [new URL(config.publicUrl).origin],
    database: drizzleAdapter(deps.db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_VALID_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => deps.sendResetPassword(user.id, url),
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // Set only by the hook below, never from a request.
      additionalFields: { secondFactor: { type: 'boolean', required: false, defaultValue: false, input: false } },
    },
    databaseHooks: {
      session: {
        create: {
          // Every new session says whether a second factor made it: a session copied from another (the
          // enrolment's) must not carry the old one's flag over.
          before: async (session, ctx) => ({
            data: { secondFactor: ctx?.path !== undefined && SECOND_FACTOR_PATHS.has(ctx.path) },
          }),
        },
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['google', 'apple'] } },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'marquee',
      useSecureCookies: isHttps,
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true, secure: isHttps },
      // The routes hand better-auth Fastify's client address (trusted proxies only) in this header.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    logger: { disabled: config.logLevel === 'silent' },
    plugins: [
      // TOTP (6 digits, 30 s) and backup codes for owners and managers (decisions/032). Google-only members
      // enrol without a password (allowPasswordless asks one only of accounts that have one). Its
      // "trusted device" is never offered: the code routes leave `trustDevice` out of their bodies.
      twoFactor({ issuer: 'Marquee', allowPasswordless: true }),
      ...(providers.length > 0 ? [genericOAuth({ config: providers })] : []),
    ],
  });
  return {
    auth,
    /** The key better-auth encrypts TOTP secrets and backup codes with (demo-accounts.ts writes them too). */
    secret,
    providers: { google: Boolean(config.auth?.google), apple: Boolean(config.auth?.apple) },
  };
}

export type Accounts = Awaited<ReturnType<typeof createAuth>>;
