import { createHash, timingSafeEqual } from 'node:crypto';
import { TICKET_MESSAGES } from '@marquee/domain/tickets';
import { AppError } from '../../plugins/app-error';

/** Checks an Authorization header; AppError staff_token_required (401), or not_found when check-in is off. */
export type AuthorizeStaff = (authorization: string | undefined) => void;

/**
 * The gate staff's bearer token (STAFF_TOKEN; null: check-in is off), compared in constant time (as
 * SHA-256 digests, so lengths never leak).
 */
export function makeAuthorizeStaff(staffToken: string | null | undefined): AuthorizeStaff {
  const staffTokenDigest = staffToken ? createHash('sha256').update(staffToken).digest() : null;
  return (authorization) => {
    if (!staffTokenDigest) throw new AppError('not_found', TICKET_MESSAGES.checkInNotConfigured);
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    const given = createHash('sha256')
      .update(match?.[1] ?? '')
      .digest();
    if (!match || !timingSafeEqual(given, staffTokenDigest))
      throw new AppError('staff_token_required', TICKET_MESSAGES.staffTokenRequired);
  };
}
