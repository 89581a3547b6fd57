import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useUnsubscribeNotifyMe } from '../api/unsubscribe';
import { notifyMeErrorMessage } from '../lib/error-message';
import { EventLink, MissingToken, Outcome } from '../../../components/link-page/link-page-parts';

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
  if (unsubscribe.isError && isApiError(unsubscribe.error, 'link_invalid')) {
    return (
      <Outcome tone="error" title="This link does not work.">
        <p className="text-sm">{unsubscribe.error.message}</p>
        <EventLink event={null} />
      </Outcome>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-base text-slate-800">Stop the Notify Me e-mail about this event? No account needed.</p>
      {unsubscribe.isError ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {notifyMeErrorMessage(unsubscribe.error)}
        </p>
      ) : null}
      <div>
        <Button
          size="lg"
          aria-disabled={unsubscribe.isPending || undefined}
          onClick={() => {
            if (!unsubscribe.isPending) unsubscribe.mutate(token);
          }}
        >
          {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
        </Button>
      </div>
    </div>
  );
}
