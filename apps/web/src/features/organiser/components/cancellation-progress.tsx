import { useId } from 'react';
import { Link } from 'react-router';
import type { EventCancellation } from '@marquee/domain/event-changes';
import { progressWords } from '../lib/event-cancellation-words';
import { organiserPaths } from '../lib/organiser-paths';

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A cancellation's refunds as they run (issue 22; docs/decisions/040): a progress bar, the count in words in a
 * live region ("Refunded 37 of 120 orders"), and each order whose refund failed with a link to it on the desk.
 * The numbers are the server's, counted from the orders' refunds, so a reload (or another organiser) sees the same.
 */
export function CancellationProgress({ org, job }: { org: string; job: EventCancellation }) {
  const labelId = useId();
  const settled = job.refunded + job.failed;
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm text-slate-800">
        Cancelled {DATE_TIME.format(new Date(job.started_at))}
        {job.started_by ? ` by ${job.started_by}` : ''}. Buyers were told: “{job.reason}”
      </p>
      {job.refund ? (
        <>
          <p id={labelId} className="font-semibold text-slate-900">
            Refunds
          </p>
          <progress
            aria-labelledby={labelId}
            max={Math.max(job.total, 1)}
            value={job.total === 0 ? 1 : settled}
            className="h-3 w-full accent-brand-700"
          />
          <p role="status" aria-live="polite" className="text-sm text-slate-900">
            {progressWords(job)}
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-800">Nothing was refunded here: refund orders on the orders desk.</p>
      )}
      {job.failures.length > 0 ? (
        <div className="flex flex-col gap-2">
          <p className="font-semibold text-red-900">
            {job.failed === 1 ? 'One order was' : `${job.failed} orders were`} not refunded
            {job.failed > job.failures.length ? ` (the first ${job.failures.length} are listed)` : ''}:
          </p>
          <ul aria-label="Orders not refunded" className="flex flex-col gap-1 text-sm">
            {job.failures.map((failure) => (
              <li key={failure.booking_id} className="break-words">
                <Link
                  to={organiserPaths.order(org, failure.booking_id)}
                  className="font-semibold text-brand-700 underline underline-offset-2"
                >
                  {failure.booking_id}
                </Link>
                {failure.kind === 'provider'
                  ? ': the payment provider has not confirmed it yet (retried). '
                  : ': not refunded. '}
                <span className="text-slate-700">{failure.error}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
