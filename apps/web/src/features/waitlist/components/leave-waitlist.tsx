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
  if (isLinkRefused(leave.error)) return <LinkRefused error={leave.error} />;
  return (
    <LinkAction
      problem={leave.isError ? waitlistErrorMessage(leave.error) : null}
      label="Leave the waitlist"
      pendingLabel="Leaving…"
      isPending={leave.isPending}
      onPress={() => leave.mutate(token)}
    >
      <LinkIntro>
        Leave the waitlist? You lose your place in line, and we will not offer you these tickets. No account needed.
      </LinkIntro>
    </LinkAction>
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
