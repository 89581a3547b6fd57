import { describePeopleAhead } from '../lib/describe-queue-status';
import { progressOf } from '../lib/queue-progress';

/** The way to the front from the first place this page saw: fills as the people ahead go down. */
export function QueueProgress({ startPosition, position }: { startPosition: number; position: number }) {
  const percent = Math.round(progressOf(startPosition, position) * 100);
  const ahead = describePeopleAhead(position);
  return (
    <div className="flex flex-col gap-2">
      <div
        role="progressbar"
        aria-label="Your way to the front of the line"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${ahead} (${percent}% of the way)`}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-700 transition-[width] duration-700 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-slate-700">{ahead}.</p>
    </div>
  );
}
