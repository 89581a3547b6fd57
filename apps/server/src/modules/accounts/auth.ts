import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth, type GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import type { Db } from '@marquee/db/client';
import { accounts, sessions, users, verifications } from '@marquee/db/schema';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type SocialProvider } from '@marquee/domain/accounts';
import type { AppConfig, OidcClientConfig } from '../../config';
import { ensureAppSecret } from '../../lib/app-secrets';
import { PASSWORD_RESET_VALID_MINUTES } from '../mail/service';

export const AUTH_BASE_PATH = '/api/auth';
/** Where the e-mailed reset link lands after better-auth checked its token: the web app's form. */
export const RESET_PASSWORD_PAGE = '/reset-password';

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
 * production, a local OpenID provider in tests). Its own rate limiter is off: ours counts per client and
 * per account, shared through Redis (plugins/rate-limits).
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
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
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
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
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
    plugins: providers.length > 0 ? [genericOAuth({ config: providers })] : [],
  });
  return {
    auth,
    providers: { google: Boolean(config.auth?.google), apple: Boolean(config.auth?.apple) },
  };
}

export type Accounts = Awaited<ReturnType<typeof createAuth>>;
