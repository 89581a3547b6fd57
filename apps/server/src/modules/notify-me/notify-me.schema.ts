import { z } from 'zod';

/* Notify Me's HTTP shapes (issue 23): the answers are the domain's (`@marquee/domain/notify-me`), shared with the web app. */
export {
  ConfirmAnswerSchema,
  LinkTokenSchema,
  NotifyMeAnswerSchema,
  NotifyMeRequestSchema,
  UnsubscribeAnswerSchema,
  type ConfirmAnswer,
  type NotifyMeRequest,
  type UnsubscribeAnswer,
} from '@marquee/domain/notify-me';

/** The public id of an event in buyers' addresses (`/{type}/{slug}/{uid}`): a malformed one is a 404 like an unknown one. */
export const NotifyMeParamsSchema = z.object({
  uid: z.string().describe('The event uid: 4-32 lower-case letters and digits. Anything else is a 404.'),
});

export const NOTIFY_ME_MESSAGES = {
  checkEmail: 'Check your e-mail: we sent you a link to confirm.',
  unknownEvent: 'This event does not exist or is no longer listed.',
  closed: 'Notify Me is only for events whose tickets are not on sale yet. This event is on sale or closed.',
  tooMany: 'You have asked for several Notify Me e-mails in a short time. Please wait a few minutes and try again.',
  linkInvalid: 'This link is not valid. Open the link from the e-mail again, exactly as it was sent.',
  linkExpired: 'This confirmation link has expired. Ask for Notify Me again on the event page.',
} as const;
