import type { WaitlistEntryAnswer } from '@marquee/domain/waitlist';
import { EventLink, MissingToken, Outcome, Problem } from '../../../components/link-page/link-page-parts';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
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
      <div className="flex flex-col gap-4">
        <ConfirmedOutcome entry={confirm.data} />
        {leave.isError ? <Problem>{waitlistErrorMessage(leave.error)}</Problem> : null}
        <div>
          <Button
            variant="secondary"
            aria-disabled={leave.isPending || undefined}
            onClick={() => {
              if (!leave.isPending) leave.mutate(token);
            }}
          >
            {leave.isPending ? 'Leaving…' : 'Leave the waitlist'}
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
        Press Confirm my place to join the line. When tickets come back, we hold them for you and e-mail you.
      </p>
      {confirm.isError ? <Problem>{waitlistErrorMessage(confirm.error)}</Problem> : null}
      <div>
        <Button
          size="lg"
          aria-disabled={confirm.isPending || undefined}
          onClick={() => {
            if (!confirm.isPending) confirm.mutate(token);
          }}
        >
          {confirm.isPending ? 'Confirming…' : 'Confirm my place'}
        </Button>
      </div>
    </div>
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
