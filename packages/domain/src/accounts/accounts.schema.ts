import { z } from 'zod';
import { BookingLookupResultSchema } from '../bookings/booking-lookup.schema';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../checkout/buyer-details.schema';
import { ACCOUNT_MESSAGES } from './messages';

export * from './session.schema';

/**
 * Accounts (spec 2 Modals, 3 User session and Registration, 4 Authentication, 7 Calls). The spec leaves the
 * registration rules to the server ("rules not shown"); these are Marquee's (docs/decisions/019).
 */

export const PASSWORD_MIN_LENGTH = 8;
/** better-auth's reset tokens: letters and digits (24 of them today). */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

/**
 * An account's e-mail: the checkout's shape, and also zod's e-mail pattern, which better-auth applies to the
 * accounts it keeps: an address it would refuse (`a..b@x.lk`, `a!b@x.lk`) is our 422 on the field, never
 * its 400 in its own words.
 */
const AccountEmailSchema = z
  .string({ error: ACCOUNT_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, ACCOUNT_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, ACCOUNT_MESSAGES.emailInvalid)
  .regex(z.regexes.email, ACCOUNT_MESSAGES.emailInvalid);

const PasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong);

/** POST /register: the spec's four fields. Errors come back as a 422 map of lists, one list per field. */
export const RegisterRequestSchema = z
  .object({
    name: z
      .string({ error: ACCOUNT_MESSAGES.nameRequired })
      .trim()
      .min(1, ACCOUNT_MESSAGES.nameRequired)
      .max(NAME_MAX_LENGTH, ACCOUNT_MESSAGES.nameTooLong)
      // No control characters or broken UTF-16: a name is printed on tickets and in e-mails.
      .refine((name) => !/[\p{Cc}\p{Cs}]/u.test(name), ACCOUNT_MESSAGES.nameInvalid),
    email: AccountEmailSchema,
    password: PasswordSchema,
    password_confirmation: z.string({ error: ACCOUNT_MESSAGES.passwordMismatch }).max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: ACCOUNT_MESSAGES.passwordMismatch,
  });
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/** POST /api/auth/password/forgot. The answer is the same whether or not an account exists. */
export const ForgotPasswordRequestSchema = z.object({ email: AccountEmailSchema });

/** POST /api/auth/password/reset: the token from the e-mailed link and the new password, twice. */
export const ResetPasswordRequestSchema = z
  .object({
    token: z
      .string({ error: ACCOUNT_MESSAGES.resetLinkInvalid })
      .regex(RESET_TOKEN_PATTERN, ACCOUNT_MESSAGES.resetLinkInvalid),
    password: PasswordSchema,
    password_confirmation: z.string({ error: ACCOUNT_MESSAGES.passwordMismatch }).max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: ACCOUNT_MESSAGES.passwordMismatch,
  });

/** Credentials sign-in (better-auth's POST /api/auth/sign-in/email). */
export const SignInRequestSchema = z.object({
  email: AccountEmailSchema,
  password: z.string({ error: ACCOUNT_MESSAGES.wrongCredentials }).min(1).max(PASSWORD_MAX_LENGTH),
});

/** better-auth's answer to a sign-in that needs no second factor: the session cookie is set. */
export const SignedInAnswerSchema = z
  .looseObject({
    redirect: z.boolean(),
    user: z.looseObject({ id: z.string(), email: z.string(), name: z.string() }),
  })
  .describe('Signed in: the session cookie is set.');

/**
 * A password sign-in of an account with two factors on: no session yet, a short-lived challenge cookie
 * instead; the code goes to POST /api/auth/two-factor/verify-totp (or verify-backup-code).
 */
export const TwoFactorRedirectSchema = z
  .object({ twoFactorRedirect: z.literal(true), twoFactorMethods: z.array(z.enum(['totp', 'otp'])) })
  .describe('The password was right and the account has two factors on: send a code next (no session yet).');

/** POST /api/auth/sign-in/email's answer: signed in, or a code is needed first. */
export const SignInAnswerSchema = z.union([SignedInAnswerSchema, TwoFactorRedirectSchema]);
export type SignInAnswer = z.infer<typeof SignInAnswerSchema>;

/** POST /api/auth/two-factor/verify-totp: the code an authenticator app shows (6 digits, 30 s). */
export const TotpCodeRequestSchema = z.object({
  code: z
    .string({ error: ACCOUNT_MESSAGES.codeInvalid })
    .trim()
    .regex(/^\d{6}$/, ACCOUNT_MESSAGES.codeInvalid),
});

/** POST /api/auth/two-factor/verify-backup-code: one of the ten backup codes given at enrolment, each usable once. */
export const BackupCodeRequestSchema = z.object({
  code: z
    .string({ error: ACCOUNT_MESSAGES.backupCodeInvalid })
    .trim()
    .regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, ACCOUNT_MESSAGES.backupCodeInvalid),
});

/** A verified code: the session cookie is set, and the session counts as made by a second factor. */
export const TwoFactorVerifiedAnswerSchema = z
  .looseObject({ user: z.looseObject({ id: z.string(), email: z.string(), name: z.string() }) })
  .describe('The code was right: the session cookie is set (a session made by a second factor).');

/** POST /api/auth/two-factor/enable: the account's password, which an account with only Google or Apple has not. */
export const EnableTwoFactorRequestSchema = z.object({
  password: z.string({ error: ACCOUNT_MESSAGES.wrongPassword }).min(1).max(PASSWORD_MAX_LENGTH).optional(),
});

/**
 * The new TOTP secret (as the otpauth:// address an authenticator app reads, shown as a QR code) and ten
 * one-time backup codes. Two factors are on only once a code from the app is verified.
 */
export const EnableTwoFactorAnswerSchema = z.object({
  totp_uri: z.string(),
  backup_codes: z.array(z.string()),
});
export type EnableTwoFactorAnswer = z.infer<typeof EnableTwoFactorAnswerSchema>;

/** GET /api/me/bookings: the signed-in buyer's orders, newest first. */
export const MyBookingSchema = BookingLookupResultSchema.omit({
  matched_by: true,
  tickets: true,
  ticket_url: true,
}).extend({
  /** The signed link to the tickets PDF; null until the order is paid (or when it has no valid tickets). */
  ticket_url: z.string().nullable(),
  /** When the order was placed (ISO 8601). */
  placed_at: z.string(),
});
export type MyBooking = z.infer<typeof MyBookingSchema>;
export const MyBookingsAnswerSchema = z.object({ data: z.array(MyBookingSchema) });
