import { createHash } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
export const EVENT_UID_LENGTH = 8;
export const EVENT_UID_PATTERN = /^[0-9a-z]{8}$/;

/**
 * A stable 8-character lowercase alphanumeric uid derived from a key (the demo seed uses the event name),
 * so event URLs stay the same across re-seeds. 36^8 ≈ 2.8e12 values: collisions are checked by callers.
 */
export function eventUidFrom(key: string): string {
  const digest = createHash('sha256').update(key).digest();
  let uid = '';
  for (let i = 0; i < EVENT_UID_LENGTH; i++) uid += ALPHABET[(digest[i] ?? 0) % ALPHABET.length];
  return uid;
}
