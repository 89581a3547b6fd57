export interface CountdownState {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Zero reached: the spec shows "Live Event Now in Progress!". */
  isLive: boolean;
  /** Spec: minutes and seconds are highlighted at 5 minutes or less remaining. */
  isFinalMinutes: boolean;
}

export const LIVE_EVENT_MESSAGE = 'Live Event Now in Progress!';
const FINAL_MINUTES_MS = 5 * 60 * 1000;

export function countdownState(startsAtMs: number, nowMs: number): CountdownState {
  const remaining = Math.max(0, startsAtMs - nowMs);
  const totalSeconds = Math.floor(remaining / 1000);
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3_600),
    minutes: Math.floor((totalSeconds % 3_600) / 60),
    seconds: totalSeconds % 60,
    isLive: remaining === 0,
    isFinalMinutes: remaining > 0 && remaining <= FINAL_MINUTES_MS,
  };
}
