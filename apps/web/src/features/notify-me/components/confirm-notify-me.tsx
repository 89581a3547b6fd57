import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useConfirmNotifyMe } from '../api/confirm';
import { useUnsubscribeNotifyMe } from '../api/unsubscribe';
import { notifyMeErrorMessage } from '../lib/error-message';
import { EventLink, MissingToken, Outcome } from '../../../components/link-page/link-page-parts';

/**
 * Where the confirmation e-mail's link lands (/notify-me/confirm?token=…). Confirming takes a press of the
 * button, not the visit: mail scanners that open links must not subscribe anyone. Once confirmed, the page offers
 * to undo it.
 */
export function ConfirmNotifyMe({ token }: { token: string | null }) {
  const confirm = useConfirmNotifyMe();
  const unsubscribe = useUnsubscribeNotifyMe();
  if (!token) return <MissingToken />;

  if (unsubscribe.isSuccess) {
    return (
      <Outcome tone="success" title="Done: we will not e-mail you about this event.">
        <EventLink event={unsubscribe.data.event} />
      </Outcome>
    );
  }
  if (confirm.isSuccess) {
    const { event, unsubscribe_token: unsubscribeToken } = confirm.data;
    return (
      <div className="flex flex-col gap-4">
        <Outcome tone="success" title="Confirmed.">
          <p className="text-sm">
            {event.is_on_sale
              ? `Tickets for ${event.name} are on sale now: we are sending you the e-mail.`
              : `We will send you one e-mail when tickets for ${event.name} go on sale.`}
          </p>
          <EventLink event={event} />
        </Outcome>
        {unsubscribe.isError ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            {notifyMeErrorMessage(unsubscribe.error)}
          </p>
        ) : null}
        <div>
          <Button
            variant="secondary"
            aria-disabled={unsubscribe.isPending || undefined}
            onClick={() => {
              if (!unsubscribe.isPending) unsubscribe.mutate(unsubscribeToken);
            }}
          >
            {unsubscribe.isPending ? 'Unsubscribing…' : 'Changed your mind? Unsubscribe'}
          </Button>
        </div>
      </div>
    );
  }
  if (confirm.isError && isApiError(confirm.error, 'link_invalid', 'link_expired')) {
    return (
      <Outcome
        tone="error"
        title={isApiError(confirm.error, 'link_expired') ? 'This link has expired.' : 'This link does not work.'}
      >
        <p className="text-sm">{confirm.error.message}</p>
        <EventLink event={null} />
      </Outcome>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-base text-slate-800">
        Press Confirm and we will e-mail you once, when the tickets go on sale. You can unsubscribe at any time.
      </p>
      {confirm.isError ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {notifyMeErrorMessage(confirm.error)}
        </p>
      ) : null}
      <div>
        <Button
          size="lg"
          aria-disabled={confirm.isPending || undefined}
          onClick={() => {
            if (!confirm.isPending) confirm.mutate(token);
          }}
        >
          {confirm.isPending ? 'Confirming…' : 'Confirm'}
        </Button>
      </div>
    </div>
  );
}
