import { useEffect, useRef, useState } from 'react';
import { describeRemainingMinutes } from '../lib/hold-clock';

/**
 * Counts down to `deadline` (ms on this device's clock, see holdDeadline) every second. Returns the time
 * left and a sentence for a polite live region that changes at most once a minute (and at 1 minute left),
 * so a screen reader is told how long is left without being interrupted every second. Calls onExpire once
 * at zero.
 */
export function useHoldCountdown(
  deadline: number,
  onExpire: () => void,
): { remainingMs: number; announcement: string } {
  const [now, setNow] = useState(() => Date.now());
  const remainingMs = Math.max(0, deadline - now);
  const wholeMinutes = Math.ceil(remainingMs / 60_000);
  const [announcement, setAnnouncement] = useState('');
  const [announcedMinutes, setAnnouncedMinutes] = useState<number | null>(null);
  if (remainingMs > 0 && announcedMinutes !== wholeMinutes) {
    setAnnouncedMinutes(wholeMinutes);
    // The first value is on screen already; announce changes only.
    if (announcedMinutes !== null) setAnnouncement(describeRemainingMinutes(wholeMinutes));
  }

  const onExpireRef = useRef(onExpire);
  useEffect(() => {
    onExpireRef.current = onExpire;
  }, [onExpire]);

  const isRunning = remainingMs > 0;
  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [isRunning]);

  const hasExpired = useRef(false);
  useEffect(() => {
    if (remainingMs <= 0 && !hasExpired.current) {
      hasExpired.current = true;
      onExpireRef.current();
    }
  }, [remainingMs]);

  return { remainingMs, announcement };
}
