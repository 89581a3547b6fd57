import { useId } from 'react';
import { LIVE_EVENT_MESSAGE } from '@marquee/domain/countdown';
import { useCountdown } from '../hooks/use-countdown';

export interface EventCountdownProps {
  startDate: string;
}

/**
 * Days, hours, minutes and seconds to the start (spec 2). Minutes and seconds are highlighted (colour,
 * weight and a ring, not colour alone) at 5 minutes or less; at zero it shows the live message.
 * The ticking numbers are never announced (role timer, aria-live off); the live message is, once,
 * through a status region that is always present.
 */
export function EventCountdown({ startDate }: EventCountdownProps) {
  const labelId = useId();
  const state = useCountdown(Date.parse(startDate));

  return (
    <div className="flex flex-col gap-2">
      <div role="status">
        {state.isLive ? (
          <p className="flex items-center gap-2 rounded-lg bg-red-700 px-4 py-3 font-bold text-white">
            <span
              aria-hidden="true"
              className="size-2.5 animate-pulse rounded-full motion-reduce:animate-none bg-white"
            />
            {LIVE_EVENT_MESSAGE}
          </p>
        ) : null}
      </div>
      {state.isLive ? null : (
        <>
          <p id={labelId} className="text-sm font-semibold text-slate-700">
            Event starts in
          </p>
          <div
            role="timer"
            aria-live="off"
            aria-labelledby={labelId}
            data-final-minutes={state.isFinalMinutes}
            className="grid grid-cols-4 gap-2"
          >
            <CountdownUnit value={state.days} unit="Days" />
            <CountdownUnit value={state.hours} unit="Hours" />
            <CountdownUnit value={state.minutes} unit="Minutes" isHighlighted={state.isFinalMinutes} />
            <CountdownUnit value={state.seconds} unit="Seconds" isHighlighted={state.isFinalMinutes} />
          </div>
        </>
      )}
    </div>
  );
}

function CountdownUnit({
  value,
  unit,
  isHighlighted = false,
}: {
  value: number;
  unit: string;
  isHighlighted?: boolean;
}) {
  return (
    <span
      data-highlighted={isHighlighted}
      className={`flex flex-col items-center rounded-lg px-2 py-2 ${
        isHighlighted
          ? 'bg-accent-400 font-extrabold text-red-900 ring-2 ring-red-700'
          : 'bg-brand-950 font-semibold text-white'
      }`}
    >
      <span className="text-2xl tabular-nums">{String(value).padStart(2, '0')}</span>
      <span className="text-xs">{unit}</span>
    </span>
  );
}
