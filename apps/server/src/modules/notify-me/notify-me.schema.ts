import { z } from 'zod';
import { EmailSchema } from '@marquee/domain/checkout';

/*
 * Notify Me's HTTP shapes (issue 23). The web app parses the same answers (features/notify-me/api); they would
 * move to packages/domain once it exports a `./notify-me` subpath.
 */

/** The public id of an event in buyers' addresses (`/{type}/{slug}/{uid}`): a malformed one is a 404 like an unknown one. */
export const NotifyMeParamsSchema = z.object({
  uid: z.string().describe('The event uid: 4-32 lower-case letters and digits. Anything else is a 404.'),
});

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

export const NOTIFY_ME_MESSAGES = {
  checkEmail: 'Check your e-mail: we sent you a link to confirm.',
  unknownEvent: 'This event does not exist or is no longer listed.',
  closed: 'Notify Me is only for events whose tickets are not on sale yet. This event is on sale or closed.',
  tooMany: 'You have asked for several Notify Me e-mails in a short time. Please wait a few minutes and try again.',
  linkInvalid: 'This link is not valid. Open the link from the e-mail again, exactly as it was sent.',
  linkExpired: 'This confirmation link has expired. Ask for Notify Me again on the event page.',
} as const;
