import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  BackupCodeRequestSchema,
  EnableTwoFactorAnswerSchema,
  EnableTwoFactorRequestSchema,
  ForgotPasswordRequestSchema,
  MessageAnswerSchema,
  RegisterRequestSchema,
  RESET_TOKEN_PATTERN,
  ResetPasswordRequestSchema,
  SOCIAL_PROVIDERS,
  SessionAnswerSchema,
  SignInAnswerSchema,
  SignInRequestSchema,
  TotpCodeRequestSchema,
  TwoFactorVerifiedAnswerSchema,
  type SessionAnswer,
} from '@marquee/domain/accounts';
import { ErrorBodySchema, errorCodeForStatus, type ErrorCode } from '@marquee/domain/errors';
import { AppError } from '../../plugins/app-error';
import { sendErrorBody } from '../../plugins/errors';
import { errorResponses } from '../../plugins/openapi';
import { byClient, byEmail, guessLimit, limit } from '../../plugins/rate-limits';
import type { CaptchaService } from '../captcha/service';
import { AUTH_BASE_PATH, SESSION_COOKIE, TWO_FACTOR_COOKIE } from './auth';
import { authHeadersOf } from './client-request';
import type { AccountsService } from './service';

export interface AccountsModuleOptions {
  service: AccountsService;
  captcha: CaptchaService;
}

const MINUTE = 60_000;

/** A better-auth error (its `code`) answered in our words: the status, a code of the domain's union, a message. */
interface Rewrite {
  status: number;
  code: ErrorCode;
  message: string;
  /** Seconds, for a 429. */
  retryAfter?: number;
}

/**
 * The two-factor code routes' refusals. A wrong code is `wrong_credentials` (a credential, like a wrong
 * password; the limit counts it); a challenge that is spent (five wrong codes), expired (ten minutes) or
 * missing means signing in again; better-auth's lock of an account after ten wrong codes in a row is a 429.
 */
const TWO_FACTOR_REWRITES: Readonly<Record<string, Rewrite>> = {
  INVALID_CODE: { status: 401, code: 'wrong_credentials', message: ACCOUNT_MESSAGES.wrongCode },
  INVALID_BACKUP_CODE: { status: 401, code: 'wrong_credentials', message: ACCOUNT_MESSAGES.wrongBackupCode },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: {
    status: 401,
    code: 'sign_in_required',
    message: ACCOUNT_MESSAGES.twoFactorSignInAgain,
  },
  INVALID_TWO_FACTOR_COOKIE: { status: 401, code: 'sign_in_required', message: ACCOUNT_MESSAGES.twoFactorSignInAgain },
  ACCOUNT_TEMPORARILY_LOCKED: {
    status: 429,
    code: 'rate_limited',
    message: ACCOUNT_MESSAGES.tooManyAttempts,
    retryAfter: 15 * 60,
  },
};

/**
 * What a two-factor code is guessed at: the sign-in's challenge (its cookie), else the session (a code
 * sent with a session, as at enrolment). Hashed: a counter's key never holds a secret.
 */
function byTwoFactorChallenge(request: FastifyRequest): string | null {
  const cookies = (request.cookies as Record<string, string | undefined> | undefined) ?? {};
  const names = Object.keys(cookies);
  // `__Secure-` prefixed over https.
  const name =
    names.find((each) => each.endsWith(TWO_FACTOR_COOKIE)) ?? names.find((each) => each.endsWith(SESSION_COOKIE));
  const value = name === undefined ? undefined : cookies[name];
  return value ? createHash('sha256').update(value).digest('base64url').slice(0, 22) : null;
}

/** better-auth's redirects: a Location, and the JSON `null` as their body. */
function betterAuthRedirect(description: string) {
  return { description, content: { 'application/json': { schema: z.null() } } };
}

/**
 * better-auth's own origin check (off only in tests, by better-auth's default there): a callback address of
 * another site, or a request with cookies from another origin, is 403 `forbidden`.
 */
const betterAuthOriginRefusal = {
  403: errorResponses('forbidden')[403].describe(
    "`forbidden`: better-auth's origin check refused a callback address of another site, or cookies from another origin",
  ),
};

export const SIGN_OUT_REFUSED_MESSAGE = 'Sign out from a Marquee page: use Sign Out in the account menu.';

/**
 * The spec's sign-out is a GET, which any other site can make a browser send (an <img>). Our pages send
 * `X-Requested-With: XMLHttpRequest` (lib/api-client), which another site cannot add without a CORS
 * preflight we never grant; a browser's own `Sec-Fetch-Site: same-origin` says the same.
 */
function isFromOurPage(request: FastifyRequest): boolean {
  return (
    request.headers['x-requested-with'] === 'XMLHttpRequest' || request.headers['sec-fetch-site'] === 'same-origin'
  );
}

/** The request as better-auth takes it: a Fetch Request, with Fastify's (proxy-checked) client address. */
function toFetchRequest(request: FastifyRequest, body: string | undefined): Request {
  const headers = authHeadersOf(request);
  // The host and scheme may come from a trusted proxy's X-Forwarded-Host/-Proto, as the client sent them: one
  // that is no URL must not be a 500. better-auth takes its own origin from PUBLIC_URL (baseURL), not from here.
  const url =
    URL.parse(request.url, `${request.protocol}://${request.host}`) ?? new URL(request.url, 'http://localhost');
  return new Request(url, {
    method: request.method,
    headers,
    ...(body === undefined || request.method === 'GET' || request.method === 'HEAD' ? {} : { body }),
  });
}

/**
 * better-auth's answer through Fastify's reply: status, every Set-Cookie, the body. Its JSON errors
 * (`{ code: 'UPPER_CASE', message }`) are put in our shape: a code from the domain's union, its message.
 */
async function sendFetchResponse(
  reply: FastifyReply,
  response: Response,
  rewrites: Readonly<Record<string, Rewrite>> = {},
): Promise<FastifyReply> {
  reply.code(response.status);
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  const isJsonError = response.status >= 400 && isJson;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && !(isJsonError && name === 'content-type'))
      reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  reply.header('cache-control', 'no-store');
  if (isJsonError) {
    const sent: unknown = await response.json().catch(() => null);
    const message =
      typeof sent === 'object' &&
      sent !== null &&
      'message' in sent &&
      typeof sent.message === 'string' &&
      sent.message !== ''
        ? sent.message
        : 'The request was refused.';
    const code = typeof sent === 'object' && sent !== null && 'code' in sent ? sent.code : undefined;
    const rewrite = typeof code === 'string' ? rewrites[code] : undefined;
    if (rewrite) {
      if (rewrite.retryAfter !== undefined) reply.header('retry-after', String(rewrite.retryAfter));
      return sendErrorBody(reply, rewrite.status, { code: rewrite.code, message: rewrite.message });
    }
    // Through sendErrorBody, so that the rate limits see its code (decisions/028).
    return sendErrorBody(reply, response.status, { code: errorCodeForStatus(response.status), message });
  }
  if (response.ok && isJson) return reply.send(withoutSessionToken(await response.text()));
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

/**
 * better-auth puts the new session's token in the body of a sign-in (and of a two-factor verification) as
 * well as in the HttpOnly cookie. The body is readable by the page's scripts, so a script injected into a
 * page would read the session there: it is taken out, and the cookie alone carries it.
 */
function withoutSessionToken(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('token' in body)) return text;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  return JSON.stringify(rest);
}

/**
 * Accounts (issue 7; spec 7's calls with their exact paths): the CSRF cookie lives in plugins/csrf,
 * everything else here. better-auth answers its own routes under /api/auth/*; the spec's register,
 * password forgot and logout, our session read and the password reset form's call wrap its API with
 * the spec's shapes, the captcha and the rate limits. The work is the service's (one use case a file);
 * this plugin maps HTTP to it: schemas, limits, the captcha, cookies.
 */
export const accountsModule: FastifyPluginAsync<AccountsModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;
  const captcha = options.captcha.require;
  const tooMany = ACCOUNT_MESSAGES.tooManyAttempts;
  // Failed sign-ins per client and per (client, account), never per account alone: a stranger's wrong
  // passwords spend the stranger's allowance, not the owner's (decisions/028).
  const signInLimit = guessLimit(fastify, {
    name: 'signin',
    windowMs: 15 * MINUTE,
    message: tooMany,
    perClient: 30,
    perClientAndSubject: 10,
    subject: byEmail,
    failed: ['wrong_credentials'],
    siege: { clients: 50, perClientAndSubject: 3 },
  });
  const socialSignInLimits = [
    limit(fastify, { name: 'social-signin-client', max: 30, windowMs: 15 * MINUTE, key: byClient, message: tooMany }),
  ];
  const registerLimits = [
    limit(fastify, { name: 'register-client', max: 10, windowMs: 60 * MINUTE, key: byClient, message: tooMany }),
  ];
  const forgotLimits = [
    limit(fastify, { name: 'forgot-client', max: 10, windowMs: 60 * MINUTE, key: byClient, message: tooMany }),
    limit(fastify, { name: 'forgot-account', max: 3, windowMs: 60 * MINUTE, key: byEmail, message: tooMany }),
  ];
  // Wrong two-factor codes per client and per (client, challenge), as sign-in counts passwords. Past five at
  // one challenge better-auth spends it (sign in again); ten in a row lock the account's codes for 15
  // minutes (its accountLockout). Its own limit on /two-factor/* is off with its rate limiter.
  const twoFactorLimit = guessLimit(fastify, {
    name: 'two-factor',
    windowMs: 15 * MINUTE,
    message: tooMany,
    perClient: 30,
    perClientAndSubject: 5,
    subject: byTwoFactorChallenge,
    failed: ['wrong_credentials'],
    siege: { clients: 50, perClientAndSubject: 3 },
  });
  // A wrong password when turning two factors on: a stolen session must not be a way to guess the password.
  const enableTwoFactorLimits = [
    limit(fastify, {
      name: 'two-factor-enable-client',
      max: 10,
      windowMs: 15 * MINUTE,
      key: byClient,
      message: tooMany,
      counts: ['wrong_credentials'],
    }),
  ];
  const resetLimits = [
    limit(fastify, { name: 'reset-client', max: 10, windowMs: 60 * MINUTE, key: byClient, message: tooMany }),
  ];

  app.get(
    `${AUTH_BASE_PATH}/session`,
    {
      schema: {
        tags: ['accounts'],
        summary: "Who is signed in (the spec's User session), and which social sign-ins are on",
        response: { 200: SessionAnswerSchema },
      },
    },
    async (request, reply): Promise<SessionAnswer> => {
      reply.header('cache-control', 'no-store');
      return service.session(request);
    },
  );

  app.post(
    '/register',
    {
      preHandler: [...registerLimits, captcha],
      schema: {
        tags: ['accounts'],
        summary: 'Create an account (spec: name, email, password, password_confirmation)',
        description:
          'Every invalid field comes back in the 422 `errors` map, including an e-mail that already has an account. No sign-in follows: the popup asks the buyer to log in. Needs `X-Captcha`.',
        body: RegisterRequestSchema,
        response: { 201: MessageAnswerSchema, 403: ErrorBodySchema, 422: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await service.register(request, request.body);
      return reply.code(201).send({ message: ACCOUNT_MESSAGES.registered });
    },
  );

  app.post(
    `${AUTH_BASE_PATH}/password/forgot`,
    {
      preHandler: [...forgotLimits, captcha],
      schema: {
        tags: ['accounts'],
        summary: 'E-mail a one-time password reset link',
        description: 'The answer is the same whether or not an account has this e-mail. Needs `X-Captcha`.',
        body: ForgotPasswordRequestSchema,
        response: { 200: MessageAnswerSchema, 403: ErrorBodySchema, 422: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      await service.requestPasswordReset(request, request.body.email);
      return { message: ACCOUNT_MESSAGES.resetLinkSent };
    },
  );

  app.post(
    `${AUTH_BASE_PATH}/password/reset`,
    {
      preHandler: resetLimits,
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the token of the e-mailed link',
        description: 'The token works once, for an hour; every session of the account is signed out.',
        body: ResetPasswordRequestSchema,
        response: { 200: MessageAnswerSchema, 422: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      await service.resetPassword(request.body);
      return { message: ACCOUNT_MESSAGES.resetDone };
    },
  );

  app.get(
    `${AUTH_BASE_PATH}/logout`,
    {
      schema: {
        tags: ['accounts'],
        summary: "Sign out (the spec's GET; the only GET that changes anything)",
        description:
          "Needs `X-Requested-With: XMLHttpRequest` (or a browser's `Sec-Fetch-Site: same-origin`): a request another site makes the browser send (an image, a link) is refused with 403 `csrf_failed` and the session stays.",
        response: { 200: MessageAnswerSchema, 403: ErrorBodySchema },
      },
      onRequest: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (!isFromOurPage(request)) throw new AppError('csrf_failed', SIGN_OUT_REFUSED_MESSAGE);
      },
    },
    async (request, reply) => {
      for (const cookie of await service.signOut(request)) reply.header('set-cookie', cookie);
      reply.header('cache-control', 'no-store');
      return { message: ACCOUNT_MESSAGES.signedOut };
    },
  );

  // Credentials sign-in is better-auth's own route; it is declared here to run the limits first and
  // to answer a wrong e-mail or password in our words (the spec only logged it; spec-deviations).
  app.post(
    `${AUTH_BASE_PATH}/sign-in/email`,
    {
      preHandler: signInLimit,
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with e-mail and password (a new session cookie; no redirect)',
        body: SignInRequestSchema.extend({ rememberMe: z.boolean().optional() }),
        response: {
          200: SignInAnswerSchema.describe(
            'Signed in (the session cookie is set), or, for an account with two factors on, `twoFactorRedirect`: no session yet, a challenge cookie for the code step.',
          ),
          401: ErrorBodySchema,
          ...betterAuthOriginRefusal,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const response = await service.handle(toFetchRequest(request, JSON.stringify(request.body)));
      if (response.status === 401) throw new AppError('wrong_credentials', ACCOUNT_MESSAGES.wrongCredentials);
      return sendFetchResponse(reply, response);
    },
  );

  // better-auth's own routes that a browser needs, and only those: its sign-up and reset calls are reached
  // through ours above (captcha, limits, the spec's shapes), never directly.
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const body =
      typeof request.body === 'string'
        ? request.body
        : request.body === undefined
          ? undefined
          : JSON.stringify(request.body);
    return sendFetchResponse(reply, await service.handle(toFetchRequest(request, body)));
  };
  app.post(
    `${AUTH_BASE_PATH}/sign-in/social`,
    {
      preHandler: socialSignInLimits,
      schema: {
        tags: ['accounts'],
        summary:
          'Start Google or Apple sign-in (spec: provider google or apple); answers the provider address to go to',
        body: z.object({
          provider: z.enum(SOCIAL_PROVIDERS, { error: 'Choose Google or Apple.' }),
          callbackURL: z.string().max(2_000).optional(),
          errorCallbackURL: z.string().max(2_000).optional(),
        }),
        response: {
          200: z
            .object({ url: z.string(), redirect: z.boolean() })
            .describe("The provider's authorisation address: go there."),
          ...betterAuthOriginRefusal,
          ...errorResponses('not_found', 'rate_limited'),
        },
      },
    },
    forward,
  );
  // The sign-in's code step (after `twoFactorRedirect`), and the enrolment's first code. The bodies leave out
  // better-auth's `trustDevice` (a device that skips the code) and `disableSession`: zod drops them.
  const codeRefusals = {
    ...betterAuthOriginRefusal,
    ...errorResponses('wrong_credentials', 'sign_in_required', 'bad_request', 'rate_limited'),
  };
  // Both code steps are better-auth's own calls, forwarded with its refusals put in our words.
  // Sent with a session instead of a sign-in's challenge, a right code steps that session up (step-up.ts).
  const forwardTwoFactorCode = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await service.currentSession(request);
    const response = await service.handle(toFetchRequest(request, JSON.stringify(request.body)));
    if (session && response.ok) await service.stepUpSession(session);
    return sendFetchResponse(reply, response, TWO_FACTOR_REWRITES);
  };
  app.post(
    `${AUTH_BASE_PATH}/two-factor/verify-totp`,
    {
      preHandler: twoFactorLimit,
      schema: {
        tags: ['accounts'],
        summary: 'Send the code of an authenticator app: signs in after a `twoFactorRedirect`, or completes enrolment',
        description:
          'After `POST /api/auth/sign-in/email` answered `twoFactorRedirect` (its challenge cookie: ten minutes, five codes), a right code sets the session cookie. Signed in after `POST /api/auth/two-factor/enable`, the first right code turns two factors on and renews the session. Either way the session is one made by a second factor. Signed in already, with two factors on (a Google or Apple session, or one made before they were on), a right code steps this session up: it counts as made with a second factor from then on (the console asks for this). A wrong code is 401 `wrong_credentials`; a spent or expired challenge is 401 `sign_in_required` (sign in again).',
        body: TotpCodeRequestSchema,
        response: { 200: TwoFactorVerifiedAnswerSchema, ...codeRefusals },
      },
    },
    async (request, reply) => forwardTwoFactorCode(request, reply),
  );
  app.post(
    `${AUTH_BASE_PATH}/two-factor/verify-backup-code`,
    {
      preHandler: twoFactorLimit,
      schema: {
        tags: ['accounts'],
        summary: "Sign in with a backup code instead of the app's code (each backup code works once)",
        description:
          'The code step after `twoFactorRedirect`, like `verify-totp`, with one of the backup codes given at enrolment. A wrong or used code is 401 `wrong_credentials`.',
        body: BackupCodeRequestSchema,
        response: { 200: TwoFactorVerifiedAnswerSchema, ...codeRefusals, ...errorResponses('conflict') },
      },
    },
    async (request, reply) => forwardTwoFactorCode(request, reply),
  );
  app.post(
    `${AUTH_BASE_PATH}/two-factor/enable`,
    {
      preHandler: enableTwoFactorLimits,
      schema: {
        tags: ['accounts'],
        summary: 'Start two-factor sign-in: a new TOTP secret and ten backup codes for the signed-in account',
        description:
          'Needs the password of an account that has one (not of a Google- or Apple-only account). Two factors are on once a code from the app is sent to `POST /api/auth/two-factor/verify-totp`; until then, asking again starts over with a new secret. The answer is never cached.',
        body: EnableTwoFactorRequestSchema,
        response: {
          200: EnableTwoFactorAnswerSchema.describe(
            'The `otpauth://` address for the authenticator app (a QR code) and the one-time backup codes.',
          ),
          ...errorResponses('sign_in_required', 'wrong_credentials', 'conflict', 'rate_limited'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.enableTwoFactor(request, request.body);
    },
  );
  app.get(
    `${AUTH_BASE_PATH}/reset-password/:token`,
    {
      schema: {
        tags: ['accounts'],
        summary: 'The e-mailed reset link: checks the token and sends the browser to the reset form',
        params: z.object({ token: z.string().regex(RESET_TOKEN_PATTERN, ACCOUNT_MESSAGES.resetLinkInvalid) }),
        // The e-mailed link always has it; without it better-auth would refuse the link in its own words (a 400).
        querystring: z.object({
          callbackURL: z
            .string({ error: ACCOUNT_MESSAGES.resetLinkInvalid })
            .max(2_000, ACCOUNT_MESSAGES.resetLinkInvalid),
        }),
        response: {
          302: betterAuthRedirect('To the reset form with the token, or with `error=INVALID_TOKEN`.'),
          ...betterAuthOriginRefusal,
        },
      },
    },
    forward,
  );
  app.get(`${AUTH_BASE_PATH}/error`, { schema: { hide: true } }, forward);
  await app.register(async (scope) => {
    // Apple answers with a form post (response_mode=form_post): better-auth reads the raw form. Nothing
    // else is ever posted here, so JSON is refused (415).
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/callback/:id`,
      schema: {
        tags: ['accounts'],
        summary: "Google's or Apple's answer to a sign-in (Apple posts it)",
        params: z.object({ id: z.enum(SOCIAL_PROVIDERS, { error: 'Unknown sign-in provider.' }) }),
        response: {
          302: betterAuthRedirect('Back to the page the sign-in started from (with `error` when it failed).'),
        },
      },
      handler: forward,
    });
  });
};
