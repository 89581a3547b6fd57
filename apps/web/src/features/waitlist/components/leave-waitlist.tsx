import type { WaitlistEntryAnswer } from '@marquee/domain/waitlist';
import { EventLink, MissingToken, Outcome, Problem } from '../../../components/link-page/link-page-parts';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useLeaveWaitlist } from '../api/leave-waitlist';
import { waitlistErrorMessage } from '../lib/error-message';

/**
 * Where a waitlist e-mail's leave link lands (/waitlist/leave?token=…): one button, no sign-in. The visit alone
 * changes nothing (mail scanners open links); pressing it twice is harmless.
 */
export function LeaveWaitlist({ token }: { token: string | null }) {
  const leave = useLeaveWaitlist();
  if (!token) return <MissingToken />;

  if (leave.isSuccess) return <LeftOutcome entry={leave.data} />;
  if (leave.isError && isApiError(leave.error, 'link_invalid')) {
    return (
      <Outcome tone="error" title="This link does not work.">
        <p className="text-sm">{leave.error.message}</p>
        <EventLink event={null} />
      </Outcome>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-base text-slate-800">
        Leave the waitlist? You lose your place in line, and we will not offer you these tickets. No account needed.
      </p>
      {leave.isError ? <Problem>{waitlistErrorMessage(leave.error)}</Problem> : null}
      <div>
        <Button
          size="lg"
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

/** Left (now or before): the line goes on without them. */
export function LeftOutcome({ entry }: { entry: WaitlistEntryAnswer }) {
  return (
    <Outcome tone="success" title="You have left the waitlist.">
      <p className="text-sm">
        We will not offer you {entry.quantity} × {entry.package_name} for {entry.event.name}.
      </p>
      <EventLink event={entry.event} />
    </Outcome>
  );
}
