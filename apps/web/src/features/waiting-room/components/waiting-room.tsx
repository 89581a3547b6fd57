import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { QueueStatus } from '@marquee/domain/queue';
import { Button, ButtonLink, buttonClassName } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useServerNow } from '../hooks/use-server-now';
import { useWaitingRoom, type JoinProblem } from '../hooks/use-waiting-room';
import { describeAdmitRate, describeQueueStatus, queueHeading } from '../lib/describe-queue-status';
import { QueueProgress } from './queue-progress';

/** What the queue page needs of the event (from the catalog, composed by the route). */
export interface WaitingRoomEvent {
  name: string;
  /** The event page's path; "Choose your tickets" goes to its ticket picking. */
  path: string;
  /** The venue's zone: times are given as the event page gives them. */
  timeZone: string;
}

export interface WaitingRoomProps {
  uid: string;
  /** Undefined while the event loads (the buyer joins meanwhile). */
  event: WaitingRoomEvent | undefined;
  /** The checkout refused an order for want of an admission and sent the buyer here. */
  isSentFromCheckout?: boolean;
}

export const REASSURANCE =
  'You do not need to keep this tab open, and refreshing does not lose your place: come back to this page at any time to find it.';

/** The problems a retry may cure. */
type PassingProblem = Exclude<JoinProblem, 'no_waiting_room' | 'not_on_sale' | 'not_found'>;

const JOIN_PROBLEMS: Record<PassingProblem, string> = {
  rate_limited: 'Too many tries to join came from your connection. Wait a minute, then try again.',
  unreachable: 'We could not reach Marquee. Check your connection and try again.',
};

/**
 * The buyer's waiting room (issue 23): joins the queue on arrival, then shows where they stand at the server's
 * pace (before the sale opens, in line with a bar and an estimate, their turn, or a turn that ran out), says so
 * politely to screen readers when it changes, and lets them go to choose tickets when it is their turn.
 */
export function WaitingRoom({ uid, event, isSentFromCheckout = false }: WaitingRoomProps) {
  const timeZone = event?.timeZone ?? 'UTC';
  const room = useWaitingRoom(uid, (status) => describeQueueStatus(status, timeZone));
  const { phase } = room;

  let content;
  switch (phase.name) {
    case 'joining':
      content = <Spinner label="Finding your place in line…" className="text-brand-700" />;
      break;
    case 'join_failed':
      content =
        phase.problem === 'no_waiting_room' ? (
          <div className="flex flex-col items-start gap-4">
            <h2 className="text-2xl font-bold text-brand-950">No queue for this sale</h2>
            <p className="text-slate-800">This sale has no waiting room: you can choose your tickets now.</p>
            {event ? <ButtonLink to={`${event.path}?step=2`}>Choose your tickets</ButtonLink> : null}
          </div>
        ) : phase.problem === 'not_on_sale' ? (
          <div className="flex flex-col items-start gap-4">
            <h2 className="text-2xl font-bold text-brand-950">No sale to wait for</h2>
            <p className="text-slate-800">Tickets for this event are not on sale, so there is no queue to join.</p>
            {event ? (
              <Link to={event.path} className={buttonClassName({ variant: 'secondary' })}>
                Back to the event
              </Link>
            ) : null}
          </div>
        ) : phase.problem === 'not_found' ? (
          <div className="flex flex-col items-start gap-4">
            <h2 className="text-2xl font-bold text-brand-950">Event not found</h2>
            <p className="text-slate-800">This event does not exist or is no longer listed.</p>
            <Link to={paths.home()} className={buttonClassName({ variant: 'secondary' })}>
              Go to the home page
            </Link>
          </div>
        ) : (
          <ErrorState
            title="We could not get you a place in line"
            message={JOIN_PROBLEMS[phase.problem]}
            onRetry={room.join}
            isRetrying={room.isJoining}
          />
        );
      break;
    case 'place_lost':
      content = (
        <div className="flex flex-col items-start gap-4">
          <h2 className="text-2xl font-bold text-brand-950">We could not find your place in line</h2>
          <p className="text-slate-800">
            Your place is kept in this browser; it may have been cleared with the browser&apos;s cookies. Join again for
            a new place.
          </p>
          <JoinAgain room={room} />
        </div>
      );
      break;
    case 'in_queue':
      content = (
        <QueueStatusView
          status={phase.status}
          receivedAt={phase.receivedAt}
          startPosition={room.startPosition}
          event={event}
          timeZone={timeZone}
          join={<JoinAgain room={room} />}
          isStale={room.isStale}
        />
      );
      break;
  }

  return (
    <section aria-labelledby="waiting-room-title" className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">Waiting room</p>
        <h1 id="waiting-room-title" className="text-3xl font-bold tracking-tight text-brand-950 sm:text-4xl">
          {event?.name ?? 'Waiting room'}
        </h1>
      </header>
      {isSentFromCheckout ? (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">Your order was not saved</p>
          <p>
            Tickets for this sale are sold to buyers in turn, from this waiting room. Your chosen tickets are kept: when
            it is your turn, go on from where you were.
          </p>
        </div>
      ) : null}
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">{content}</div>
      {/* Polite, and only when the place changed in a way worth hearing (not on every poll). */}
      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {room.announcement}
      </p>
    </section>
  );
}

function isPassing(problem: JoinProblem): problem is PassingProblem {
  return problem === 'rate_limited' || problem === 'unreachable';
}

/** "Join the queue again", with what went wrong the last time it was pressed. */
function JoinAgain({ room }: { room: ReturnType<typeof useWaitingRoom> }) {
  const problem = room.rejoinProblem;
  return (
    <div className="flex flex-col items-start gap-2">
      <Button onClick={room.join} disabled={room.isJoining}>
        {room.isJoining ? 'Joining…' : 'Join the queue again'}
      </Button>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {isPassing(problem) ? JOIN_PROBLEMS[problem] : 'This sale no longer has a queue to join: see the event page.'}
        </p>
      ) : null}
    </div>
  );
}

function QueueStatusView({
  status,
  receivedAt,
  startPosition,
  event,
  timeZone,
  join,
  isStale,
}: {
  status: QueueStatus;
  receivedAt: number;
  startPosition: number | null;
  event: WaitingRoomEvent | undefined;
  timeZone: string;
  join: ReactNode;
  isStale: boolean;
}) {
  const isInLine = status.state === 'pre_queue' || status.state === 'waiting';
  return (
    <div className="flex flex-col gap-5">
      <h2 className="text-2xl font-bold text-brand-950">{queueHeading(status)}</h2>
      <p className="text-lg text-slate-900">{describeQueueStatus(status, timeZone)}</p>
      {isStale ? (
        <p className="text-sm text-slate-700">
          We could not check your place just now (this is the last we heard). We will try again shortly.
        </p>
      ) : null}
      {status.state === 'waiting' && status.position !== null && startPosition !== null ? (
        <QueueProgress startPosition={startPosition} position={status.position} />
      ) : null}
      {status.state === 'admitted' ? (
        <div className="flex flex-col items-start gap-3">
          {status.admitted_until ? (
            <TimeLeft until={status.admitted_until} serverTime={status.server_time} receivedAt={receivedAt} />
          ) : null}
          {event ? (
            <ButtonLink to={`${event.path}?step=2`} size="lg">
              Choose your tickets
            </ButtonLink>
          ) : (
            <Spinner label="Loading the event…" className="text-brand-700" />
          )}
        </div>
      ) : null}
      {status.state === 'expired' ? join : null}
      {isInLine ? (
        <>
          <p className="text-slate-700">{describeAdmitRate(status.admit_per_minute)}</p>
          <p className="rounded-xl bg-brand-50 p-4 text-brand-950">{REASSURANCE}</p>
        </>
      ) : null}
    </div>
  );
}

/** "About 19 minutes left.", by the server's clock. */
function TimeLeft({ until, serverTime, receivedAt }: { until: string; serverTime: string; receivedAt: number }) {
  const serverNow = useServerNow(serverTime, receivedAt);
  const minutes = Math.ceil((Date.parse(until) - serverNow) / 60_000);
  const text =
    minutes <= 0 ? 'Your time is up.' : minutes === 1 ? 'Less than a minute left.' : `About ${minutes} minutes left.`;
  return <p className="font-semibold text-slate-900">{text}</p>;
}
