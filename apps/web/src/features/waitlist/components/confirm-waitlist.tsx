import type { WaitlistEntryAnswer } from '@marquee/domain/waitlist';
import {
  EventLink,
  LinkAction,
  LinkIntro,
  LinkRefused,
  MissingToken,
  Outcome,
  isLinkRefused,
} from '../../../components/link-page/link-page-parts';
import { useConfirmWaitlist } from '../api/confirm-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';
import { waitlistErrorMessage } from '../lib/error-message';
import { LeftOutcome } from './leave-waitlist';

/** "2 × Gold — Colombo Jazz Night": what the entry waits for. */
export function describeEntry(entry: Pick<WaitlistEntryAnswer, 'quantity' | 'package_name' | 'event'>): string {
  return `${entry.quantity} × ${entry.package_name} — ${entry.event.name}`;
}

/**
 * Where the waitlist's confirmation e-mail links (/waitlist/confirm?token=…). The place counts from the press of
 * the button, not the visit: mail scanners that open links must not put anyone in line. Confirmed, the page says
 * the place in line and offers to leave, with the same token.
 */
export function ConfirmWaitlist({ token }: { token: string | null }) {
  const confirm = useConfirmWaitlist();
  const leave = useLeaveWaitlist();
  if (!token) return <MissingToken />;

  if (leave.isSuccess) return <LeftOutcome entry={leave.data} />;
  if (confirm.isSuccess) {
    return (
      <LinkAction
        problem={leave.isError ? waitlistErrorMessage(leave.error) : null}
        label="Leave the waitlist"
        pendingLabel="Leaving…"
        isPending={leave.isPending}
        onPress={() => leave.mutate(token)}
        variant="secondary"
        size="md"
      >
        <ConfirmedOutcome entry={confirm.data} />
      </LinkAction>
    );
  }
  if (isLinkRefused(confirm.error)) return <LinkRefused error={confirm.error} />;
  return (
    <LinkAction
      problem={confirm.isError ? waitlistErrorMessage(confirm.error) : null}
      label="Confirm my place"
      pendingLabel="Confirming…"
      isPending={confirm.isPending}
      onPress={() => confirm.mutate(token)}
    >
      <LinkIntro>
        Press Confirm my place to join the line. When tickets come back, we hold them for you and e-mail you.
      </LinkIntro>
    </LinkAction>
  );
}

/** The entry as the confirmation found it: in line (the usual), or already further on. */
function ConfirmedOutcome({ entry }: { entry: WaitlistEntryAnswer }) {
  if (entry.status === 'waiting' && entry.position !== null) {
    return (
      <Outcome tone="success" title={`You are number ${entry.position} in line for ${describeEntry(entry)}.`}>
        <p className="text-sm">
          We e-mail you when tickets come back. They are then held for you for 10 minutes: open the e-mail's link and
          pay within that time, or they pass to the next in line.
        </p>
        <EventLink event={entry.event} />
      </Outcome>
    );
  }
  const title = {
    waiting: `You are in line for ${describeEntry(entry)}.`,
    offered: `Tickets are held for you: ${describeEntry(entry)}.`,
    bought: `You bought ${describeEntry(entry)}.`,
    lapsed: `Your place for ${describeEntry(entry)} has ended.`,
    left: `You left the waitlist for ${describeEntry(entry)}.`,
  }[entry.status];
  return (
    <Outcome tone="success" title={title}>
      {entry.status === 'offered' ? (
        <p className="text-sm">Open the link in the e-mail we sent you to pay for them.</p>
      ) : null}
      <EventLink event={entry.event} />
    </Outcome>
  );
}
