import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The admission a waiting room gives (issue 23; decisions/048): `{event id}.{visitor tag}.{expiry}.{HMAC}` in the
 * `mq_admit_{event id}` cookie. It names the event, the browser's place (the first 32 hex digits of the visitor,
 * itself the sha256 of the `mq_queue` cookie) and when it ends, signed with a key of the database
 * (app_secrets). A token sent without its own `mq_queue` cookie, for another event, expired or changed, is
 * refused before anything is read or written; the database then counts the orders it places.
 */
export interface Admission {
  eventId: number;
  visitorTag: string;
  expiresAt: number;
}

function mac(key: string, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

export function visitorTag(visitor: string): string {
  return visitor.slice(0, 32);
}

export function signAdmission(key: string, admission: Admission): string {
  const body = `${admission.eventId}.${admission.visitorTag}.${admission.expiresAt}`;
  return `${body}.${mac(key, body)}`;
}

/** The admission if `token` is one we signed, for this event and this browser, and not expired; else null. */
export function verifyAdmission(
  key: string,
  token: string | null | undefined,
  expected: { eventId: number; visitor: string | null; now: number },
): Admission | null {
  if (!token || token.length > 200 || expected.visitor === null) return null;
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [eventId, tag, expiresAt, signature] = parts as [string, string, string, string];
  const body = `${eventId}.${tag}.${expiresAt}`;
  const want = Buffer.from(mac(key, body));
  const given = Buffer.from(signature);
  if (want.length !== given.length || !timingSafeEqual(want, given)) return null;
  const admission = { eventId: Number(eventId), visitorTag: tag, expiresAt: Number(expiresAt) };
  if (admission.eventId !== expected.eventId) return null;
  if (admission.visitorTag !== visitorTag(expected.visitor)) return null;
  if (!Number.isFinite(admission.expiresAt) || admission.expiresAt <= expected.now) return null;
  return admission;
}
