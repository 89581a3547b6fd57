import { useUnsubscribeNotifyMe } from '../api/unsubscribe';
import { notifyMeErrorMessage } from '../lib/error-message';
import {
  EventLink,
  LinkAction,
  LinkIntro,
  LinkRefused,
  MissingToken,
  Outcome,
  isLinkRefused,
} from '../../../components/link-page/link-page-parts';

/**
 * Where the unsubscribe link lands (/notify-me/unsubscribe?token=…): one button, no sign-in. The visit alone
 * changes nothing (mail scanners open links); pressing it twice is harmless.
 */
export function UnsubscribeNotifyMe({ token }: { token: string | null }) {
  const unsubscribe = useUnsubscribeNotifyMe();
  if (!token) return <MissingToken />;

  if (unsubscribe.isSuccess) {
    return (
      <Outcome tone="success" title="You are unsubscribed.">
        <p className="text-sm">
          {unsubscribe.data.event
            ? `We will not e-mail you about ${unsubscribe.data.event.name} again.`
            : 'We will not e-mail you about this event again.'}
        </p>
        <EventLink event={unsubscribe.data.event} />
      </Outcome>
    );
  }
  if (isLinkRefused(unsubscribe.error)) return <LinkRefused error={unsubscribe.error} />;
  return (
    <LinkAction
      problem={unsubscribe.isError ? notifyMeErrorMessage(unsubscribe.error) : null}
      label="Unsubscribe"
      pendingLabel="Unsubscribing…"
      isPending={unsubscribe.isPending}
      onPress={() => unsubscribe.mutate(token)}
    >
      <LinkIntro>Stop the Notify Me e-mail about this event? No account needed.</LinkIntro>
    </LinkAction>
  );
}
