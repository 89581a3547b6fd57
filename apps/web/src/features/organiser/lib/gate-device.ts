import { ApiError } from '../../../lib/api-client';

const DEVICE_KEY = 'marquee.gate.device-id';

/**
 * This phone's id for the scans it sends: made once and kept in localStorage, so that a scan sent again after a
 * reload is the same (device, scan id) pair the server already answered.
 */
export function gateDeviceId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage()): string {
  const kept = storage?.getItem(DEVICE_KEY);
  if (kept && /^[A-Za-z0-9-]{8,64}$/.test(kept)) return kept;
  const made = crypto.randomUUID();
  storage?.setItem(DEVICE_KEY, made);
  return made;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Whether a request failed for want of a network (fetch's TypeError) or of a server behind it (a 5xx from a
 * proxy): the scanner then decides offline. A refusal (4xx) is an answer, never a reason to admit offline.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500;
  return error instanceof TypeError;
}
