/* The answers of the Notify Me API, parsed as they arrive: the same schemas as the server's. */
export {
  ConfirmAnswerSchema,
  NotifyMeAnswerSchema,
  UnsubscribeAnswerSchema,
  type ConfirmAnswer,
  type UnsubscribeAnswer,
} from '@marquee/domain/notify-me';
