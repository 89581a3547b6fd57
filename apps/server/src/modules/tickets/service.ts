import type { Db } from '@marquee/db/client';
import type { CheckInRequest, TicketsPublicKey } from '@marquee/domain/tickets';
import type { AppConfig } from '../../config';
import { checkIn } from './check-in';
import { DEFAULT_PUBLIC_DIR, makeLoadEventImage } from './event-image';
import { openTicketLink } from './open-ticket-link';
import { renderTicketsPdf } from './render-tickets-pdf';
import { signedCodes } from './signed-codes';
import { makeAuthorizeStaff } from './staff-token';
import { makeTicketKeys } from './ticket-keys';
import { ticketUrl } from './ticket-url';
import { verifyCode } from './verify-code';

export interface TicketsServiceDeps {
  db: Db;
  config: Pick<AppConfig, 'publicUrl' | 'tickets'> & Partial<Pick<AppConfig, 'webDistDir'>>;
  /** Where event artwork is read from: the web app's public folder by default, then its build. */
  publicDir?: string;
  /** The clock for link expiry (tests move it). */
  now?: () => Date;
  /** Payments are tests (decisions/030): every PDF is marked as test tickets. */
  testMode?: boolean;
}

export type TicketsService = ReturnType<typeof createTicketsService>;

/**
 * Tickets' use cases, one file each: the signed link to a booking's tickets PDF (ticket-url, opened by
 * open-ticket-link), the PDF (render-tickets-pdf), the QR texts (signed-codes), and check-in at the gate
 * (staff-token, verify-code, check-in). Other modules use it without HTTP: the booking lookup and the
 * confirmation e-mail call `ticketUrl`, the mail worker attaches `renderTicketsPdf`. Every instance on one
 * database signs with the same keys (ticket-keys).
 */
export function createTicketsService(deps: TicketsServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const keys = makeTicketKeys({ db, settings: deps.config.tickets });
  const loadEventImage = makeLoadEventImage(
    [deps.publicDir ?? DEFAULT_PUBLIC_DIR, deps.config.webDistDir ?? null].filter((dir): dir is string => dir !== null),
  );
  const authorizeStaff = makeAuthorizeStaff(deps.config.tickets?.staffToken);

  const render = (order: number | string) =>
    renderTicketsPdf({ db, signer: keys.signer, loadEventImage, now, isTest: deps.testMode ?? false }, order);
  const verify = (text: string) => verifyCode({ signer: keys.signer }, text);

  return {
    ticketUrl: (bookingId: string, options?: { absolute?: boolean }) =>
      ticketUrl({ linkKey: keys.linkKey, publicUrl: deps.config.publicUrl, now }, bookingId, options),
    renderTicketsPdf: render,
    openTicketLink: (file: string, query: { expires?: string | undefined; signature?: string | undefined }) =>
      openTicketLink({ linkKey: keys.linkKey, renderTicketsPdf: render, now }, file, query),
    signedCodes: (bookingId: string) => signedCodes({ db, signer: keys.signer }, bookingId),
    verifyCode: verify,
    authorizeStaff,
    checkIn: (request: CheckInRequest) => checkIn({ db, verifyCode: verify }, request),
    publicKey: async (): Promise<TicketsPublicKey> => (await keys.signer()).publicKey,
    /** Makes the keys now (at start), so that the first buyer does not wait for them. */
    prepare: async (): Promise<void> => {
      await Promise.all([keys.signer(), keys.linkKey()]);
    },
  };
}
