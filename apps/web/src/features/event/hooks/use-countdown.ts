import { useEffect, useState } from 'react';
import { countdownState, type CountdownState } from '@marquee/domain/countdown';

/**
 * Time left until `startsAtMs`, re-rendered each second. Each wait is timed to the next whole second
 * of the remaining time, so the display does not drift as a setInterval would; it stops once live.
 */
export function useCountdown(startsAtMs: number): CountdownState {
  const [now, setNow] = useState(() => Date.now());
  const state = countdownState(startsAtMs, now);
  const { isLive } = state;

  useEffect(() => {
    if (isLive) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const remaining = startsAtMs - Date.now();
      // Wake on the next whole second before the start: the shown seconds change there, and the
      // 5-minute highlight and the live message begin exactly on such a boundary.
      const delay = remaining > 0 ? remaining % 1000 || 1000 : 0;
      timer = setTimeout(() => {
        setNow(Date.now());
        schedule();
      }, delay);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [startsAtMs, isLive]);

  return state;
}
