/**
 * The hold's end on this device's clock: the server's hold_expires_at moved by the difference between the
 * server's clock (server_time) and ours when the answer arrived, so a device whose clock is off still counts
 * down the server's 10 minutes.
 */
export function holdDeadline(order: { hold_expires_at: string; server_time: string }, receivedAt: number): number {
  const skew = receivedAt - Date.parse(order.server_time);
  return Date.parse(order.hold_expires_at) + skew;
}

/** "09:05": whole minutes and seconds, rounded up so 0:00 shows only when the time is over. */
export function formatRemaining(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** What the live region says at a whole minute (at most once a minute). */
export function describeRemainingMinutes(minutes: number): string {
  if (minutes <= 1) return '1 minute left to pay. Your seats are released when the time runs out.';
  return `${minutes} minutes left to pay.`;
}
