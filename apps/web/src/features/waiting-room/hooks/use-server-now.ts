import { useEffect, useState } from 'react';

/**
 * The server's clock now, in ms: its `server_time` when the answer arrived (`receivedAt`, the device's clock)
 * plus the time gone since, re-read every `tickMs`. A device clock set wrong then moves nothing: only its
 * elapsed time counts.
 */
export function useServerNow(serverTime: string, receivedAt: number, tickMs = 10_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return Date.parse(serverTime) + Math.max(0, now - receivedAt);
}
