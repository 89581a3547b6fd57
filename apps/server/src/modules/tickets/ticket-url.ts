import { TICKET_LINK_TTL_DAYS } from '@marquee/domain/tickets';
import { ticketLinkPath } from './ticket-links';

const LINK_TTL_SECONDS = TICKET_LINK_TTL_DAYS * 24 * 3600;

export interface TicketUrlDeps {
  linkKey: () => Promise<Buffer>;
  /** PUBLIC_URL, for absolute links (e-mails). */
  publicUrl: string;
  now: () => Date;
}

/**
 * The signed link to a booking's tickets PDF, valid for TICKET_LINK_TTL_DAYS; a path unless
 * `absolute` (then on PUBLIC_URL, for e-mails).
 */
export async function ticketUrl(
  deps: TicketUrlDeps,
  bookingId: string,
  options: { absolute?: boolean } = {},
): Promise<string> {
  const expiresAt = Math.floor(deps.now().getTime() / 1000) + LINK_TTL_SECONDS;
  const path = ticketLinkPath(await deps.linkKey(), bookingId, expiresAt);
  return options.absolute ? `${deps.publicUrl.replace(/\/+$/, '')}${path}` : path;
}
