import { z } from 'zod';
import { EmailSchema } from '../checkout/buyer-details.schema';

/**
 * Notify Me's HTTP shapes (issue 23; decisions/047): the server's routes and the web app's calls parse the same
 * schemas.
 */

export const NotifyMeRequestSchema = z.object({
  /** Where to write (trimmed and lower-cased); a signed-in buyer's form starts with their account's. */
  email: EmailSchema,
});
export type NotifyMeRequest = z.infer<typeof NotifyMeRequestSchema>;

/** One answer whatever the address's past (new, pending, confirmed): nothing tells a stranger who subscribed. */
export const NotifyMeAnswerSchema = z.object({
  status: z.literal('pending'),
  message: z.string(),
});

/** A link's token: the confirmation's (random, 43 characters) or the unsubscribe link's (`{id}.{signature}`). */
export const LinkTokenSchema = z.object({ token: z.string().min(1).max(200) });

const NotifyMeEventSchema = z.object({
  name: z.string(),
  /** The event's page on the site. */
  path: z.string(),
  /** Whether its sale is open already (the "on sale now" e-mail is then on its way). */
  is_on_sale: z.boolean(),
});

export const ConfirmAnswerSchema = z.object({
  status: z.literal('confirmed'),
  event: NotifyMeEventSchema,
  /** Unsubscribe from this page too, without waiting for the e-mail. */
  unsubscribe_token: z.string(),
});
export type ConfirmAnswer = z.infer<typeof ConfirmAnswerSchema>;

export const UnsubscribeAnswerSchema = z.object({
  status: z.literal('unsubscribed'),
  event: NotifyMeEventSchema.nullable(),
});
export type UnsubscribeAnswer = z.infer<typeof UnsubscribeAnswerSchema>;
