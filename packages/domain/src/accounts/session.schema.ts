import { z } from 'zod';

export { ACCOUNT_MESSAGES } from './messages';
export { SIGNED_OUT_MESSAGE } from './session-messages';

/*
 * What the header and every page need of accounts, apart from the forms' schemas (accounts.schema.ts):
 * kept small, since it is in the web app's first bundle.
 */

/** The spec's User session: email, first_name, last_name, and the photo (null: show initials). */
export const SessionUserSchema = z.object({
  email: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  image: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SOCIAL_PROVIDERS = ['google', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** GET /api/auth/session: who is signed in (null: nobody) and which social sign-ins are configured. */
export const SessionAnswerSchema = z.object({
  user: SessionUserSchema.nullable(),
  providers: z.object({ google: z.boolean(), apple: z.boolean() }),
});
export type SessionAnswer = z.infer<typeof SessionAnswerSchema>;

export const MessageAnswerSchema = z.object({ message: z.string() });

/**
 * The `reset` query parameter (spec 2 Modals): an encoded status message the login and reset modals show.
 * base64url of this JSON, so any message survives the address bar (the web app encodes and decodes it).
 */
export const ResetStatusSchema = z.object({ status: z.enum(['success', 'error']), message: z.string().max(500) });
export type ResetStatus = z.infer<typeof ResetStatusSchema>;
