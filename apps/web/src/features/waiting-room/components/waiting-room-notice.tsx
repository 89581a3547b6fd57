import type { QueueStatus } from '@marquee/domain/queue';
import { ButtonLink } from '../../../components/ui/button';
import { Heading, type HeadingLevel } from '../../../components/ui/heading';
import { queuePathOf } from '../lib/queue-paths';

function noticeOf(status: QueueStatus | null): { message: string; action: string } {
  switch (status?.state) {
    case 'pre_queue':
    case 'waiting':
      return { message: 'You already have a place in line.', action: 'See your place in line' };
    case 'expired':
      return {
        message: 'Your turn to choose tickets has ended. Join the queue again for a new place.',
        action: 'Join the queue again',
      };
    default:
      return {
        message:
          'So that everyone gets a fair chance, buyers choose their tickets in turn. Join the queue for your place; when it is your turn, you choose your tickets here.',
        action: 'Join the queue',
      };
  }
}

/** On the event page of a sale behind a waiting room, in place of ticket picking until the buyer's turn. */
export function WaitingRoomNotice({
  uid,
  status,
  headingLevel = 2,
}: {
  uid: string;
  /** The buyer's place (null: none yet). */
  status: QueueStatus | null;
  headingLevel?: HeadingLevel;
}) {
  const { message, action } = noticeOf(status);
  return (
    <section className="flex flex-col items-start gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-5">
      <Heading level={headingLevel} className="text-xl font-bold text-brand-950">
        This sale has a waiting room
      </Heading>
      <p className="text-slate-800">{message}</p>
      <ButtonLink to={queuePathOf(uid)}>{action}</ButtonLink>
    </section>
  );
}
