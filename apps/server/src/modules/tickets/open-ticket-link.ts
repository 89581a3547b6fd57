import { isBookingId } from '@marquee/domain/orders';
import { TICKET_MESSAGES } from '@marquee/domain/tickets';
import { AppError } from '../../plugins/app-error';
import { checkTicketLink } from './ticket-links';

/** `{order_id}.pdf`: the Booking ID, exactly as the link spells it; null for any other name. */
function bookingIdOfFile(file: string): string | null {
  const bookingId = file.endsWith('.pdf') ? file.slice(0, -'.pdf'.length) : '';
  return isBookingId(bookingId) ? bookingId : null;
}

export interface OpenTicketLinkDeps {
  linkKey: () => Promise<Buffer>;
  renderTicketsPdf: (bookingId: string) => Promise<Buffer>;
  now: () => Date;
}

/**
 * GET /api/tickets/{order_id}.pdf?expires=&signature=: the signature first (403, the same answer for
 * any link we did not make, so guessing learns nothing), then the expiry (410), then the booking.
 */
export async function openTicketLink(
  deps: OpenTicketLinkDeps,
  file: string,
  query: { expires?: string | undefined; signature?: string | undefined },
): Promise<{ fileName: string; pdf: Buffer }> {
  const bookingId = bookingIdOfFile(file);
  if (!bookingId) throw new AppError('link_invalid', TICKET_MESSAGES.linkInvalid);
  const check = checkTicketLink(
    await deps.linkKey(),
    bookingId,
    query.expires,
    query.signature,
    Math.floor(deps.now().getTime() / 1000),
  );
  if (check === 'invalid') throw new AppError('link_invalid', TICKET_MESSAGES.linkInvalid);
  if (check === 'expired') throw new AppError('link_expired', TICKET_MESSAGES.linkExpired);
  return { fileName: `${bookingId}.pdf`, pdf: await deps.renderTicketsPdf(bookingId) };
}
