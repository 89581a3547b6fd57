import { useConfirmNotifyMe } from '../api/confirm';
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
      <LinkAction
        problem={unsubscribe.isError ? notifyMeErrorMessage(unsubscribe.error) : null}
        label="Changed your mind? Unsubscribe"
        pendingLabel="Unsubscribing…"
        isPending={unsubscribe.isPending}
        onPress={() => unsubscribe.mutate(unsubscribeToken)}
        variant="secondary"
        size="md"
      >
        <Outcome tone="success" title="Confirmed.">
          <p className="text-sm">
            {event.is_on_sale
              ? `Tickets for ${event.name} are on sale now: we are sending you the e-mail.`
              : `We will send you one e-mail when tickets for ${event.name} go on sale.`}
          </p>
          <EventLink event={event} />
        </Outcome>
      </LinkAction>
    );
  }
  if (isLinkRefused(confirm.error)) return <LinkRefused error={confirm.error} />;
  return (
    <LinkAction
      problem={confirm.isError ? notifyMeErrorMessage(confirm.error) : null}
      label="Confirm"
      pendingLabel="Confirming…"
      isPending={confirm.isPending}
      onPress={() => confirm.mutate(token)}
    >
      <LinkIntro>
        Press Confirm and we will e-mail you once, when the tickets go on sale. You can unsubscribe at any time.
      </LinkIntro>
    </LinkAction>
  );
}
