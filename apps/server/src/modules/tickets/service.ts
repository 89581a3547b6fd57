import { ensureAppSecret } from '../../lib/app-secrets';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { Db } from '@marquee/db/client';
import {
  TICKET_LINK_TTL_DAYS,
  TICKET_MESSAGES,
  parseTicketCode,
  type CheckInAdmitted,
  type CheckInRefused,
  type CheckInRequest,
  type TicketClaims,
  type TicketsPublicKey,
  describeSeat,
} from '@marquee/domain/tickets';
import { formatEventDate, formatZoneName } from '@marquee/domain/time';
import type { AppConfig } from '../../config';
import { AppError, invalidField } from '../../plugins/app-error';
import * as repository from './repository';
import { cleanText } from './ticket-fonts';
import { checkTicketLink, ticketLinkPath } from './ticket-links';
import { renderTicketSheet, type TicketSheet } from './ticket-pdf';
import { createTicketSigner, generateSigningKeyPem, parseSigningKey, type TicketSigner } from './ticket-signing';

/** The web app's public folder: event artwork paths such as /images/events/x.svg are files in it. */
export const DEFAULT_PUBLIC_DIR = resolve(import.meta.dirname, '../../../../web/public');

const SIGNING_KEY_SECRET = 'ticket_signing_key';
const LINK_KEY_SECRET = 'ticket_link_key';
const LINK_TTL_SECONDS = TICKET_LINK_TTL_DAYS * 24 * 3600;
const TICKET_FILE_PATTERN = /^(MQ[0-9A-HJKMNP-TV-Z]{10})\.pdf$/;

export interface TicketsServiceDeps {
  db: Db;
  config: Pick<AppConfig, 'publicUrl' | 'tickets'> & Partial<Pick<AppConfig, 'webDistDir'>>;
  /** Where event artwork is read from: the web app's public folder by default, then its build. */
  publicDir?: string;
  /** The clock for link expiry (tests move it). */
  now?: () => Date;
}

export type TicketsService = ReturnType<typeof createTicketsService>;

function isPaid(status: string): boolean {
  return status === 'complete' || status === 'verified';
}

function holderName(row: { firstName: string; lastName: string }): string {
  return cleanText(`${row.firstName} ${row.lastName}`);
}

/** "7:02:11 PM on Sat, 5 Dec 2026 (GMT+5:30)": when a ticket was first scanned, in the venue's zone. */
function formatScanTime(at: Date, timeZone: string): string {
  const iso = at.toISOString();
  const time = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZone,
  }).format(at);
  return `${time} on ${formatEventDate(iso, timeZone)} (${formatZoneName(iso, timeZone)})`;
}

function refused(reason: CheckInRefused['reason'], message: string, firstScannedAt: Date | null = null): AppError {
  return new AppError('conflict', message, undefined, {
    reason,
    first_scanned_at: firstScannedAt ? firstScannedAt.toISOString() : null,
  } satisfies Omit<CheckInRefused, 'message'>);
}

/**
 * Tickets' use cases: the signed QR codes, the tickets PDF of a booking and its signed link, and
 * check-in at the gate. Other modules use it without HTTP: the booking lookup and the confirmation
 * e-mail call `ticketUrl`, the mail worker attaches `renderTicketsPdf`. Every instance on one database
 * signs with the same keys (TICKET_SIGNING_KEY / TICKET_LINK_KEY, or the ones kept in app_secrets).
 */
export function createTicketsService(deps: TicketsServiceDeps) {
  const { db } = deps;
  const settings = deps.config.tickets;
  const now = deps.now ?? (() => new Date());
  const imageDirs = [deps.publicDir ?? DEFAULT_PUBLIC_DIR, deps.config.webDistDir ?? null]
    .filter((dir): dir is string => dir !== null)
    .map((dir) => resolve(dir));
  // A configured key that is not an Ed25519 key fails here, when the app is built: at boot.
  const configuredKey = settings?.signingKey ? parseSigningKey(settings.signingKey) : null;
  const staffTokenDigest = settings?.staffToken ? createHash('sha256').update(settings.staffToken).digest() : null;

  let signer: Promise<TicketSigner> | null = null;
  function getSigner(): Promise<TicketSigner> {
    if (!signer) {
      signer = (async () =>
        createTicketSigner(
          configuredKey ??
            parseSigningKey(await ensureAppSecret(db, SIGNING_KEY_SECRET, generateSigningKeyPem)),
        ))();
      // A failure (the database away) is not remembered: the next call tries again.
      signer.catch(() => {
        signer = null;
      });
    }
    return signer;
  }

  let linkKey: Promise<Buffer> | null = null;
  function getLinkKey(): Promise<Buffer> {
    if (!linkKey) {
      linkKey = (async () =>
        Buffer.from(
          settings?.linkKey ??
            (await ensureAppSecret(db, LINK_KEY_SECRET, () => randomBytes(32).toString('base64url'))),
        ))();
      linkKey.catch(() => {
        linkKey = null;
      });
    }
    return linkKey;
  }

  /**
   * The signed link to a booking's tickets PDF, valid for TICKET_LINK_TTL_DAYS; a path unless
   * `absolute` (then on PUBLIC_URL, for e-mails).
   */
  async function ticketUrl(bookingId: string, options: { absolute?: boolean } = {}): Promise<string> {
    const expiresAt = Math.floor(now().getTime() / 1000) + LINK_TTL_SECONDS;
    const path = ticketLinkPath(await getLinkKey(), bookingId, expiresAt);
    return options.absolute ? `${deps.config.publicUrl.replace(/\/+$/, '')}${path}` : path;
  }

  /** The event's banner from the web app's public folder (or build); null when it is missing or not a local image. */
  async function loadEventImage(path: string): Promise<TicketSheet['event']['image']> {
    if (!/^\/[A-Za-z0-9/_.-]+$/.test(path) || path.includes('..')) return null;
    const kind = extname(path).toLowerCase();
    if (kind !== '.svg' && kind !== '.png' && kind !== '.jpg' && kind !== '.jpeg') return null;
    for (const dir of imageDirs) {
      const file = resolve(dir, `.${path}`);
      if (!file.startsWith(dir + sep)) continue;
      try {
        return kind === '.svg'
          ? { kind: 'svg', svg: await readFile(file, 'utf8') }
          : { kind: 'raster', data: await readFile(file) };
      } catch {
        // Not in this folder; a missing picture is no reason to withhold the tickets.
      }
    }
    return null;
  }

  /**
   * The booking's tickets as a PDF, one page per ticket. `order` is the numeric id or the Booking ID.
   * Throws AppError: not_found for an unknown booking, conflict when it is not (or no longer) paid.
   */
  async function renderTicketsPdf(order: number | string): Promise<Buffer> {
    const row = await repository.findSheetOrder(db, typeof order === 'number' ? { id: order } : { bookingId: order });
    if (!row) throw new AppError('not_found', TICKET_MESSAGES.bookingNotFound);
    if (!isPaid(row.status)) {
      throw new AppError(
        'conflict',
        row.status === 'pending' ? TICKET_MESSAGES.notPaid : TICKET_MESSAGES.notValid,
        undefined,
        {
          status: row.status,
        },
      );
    }
    const [tickets, activeSigner, image] = await Promise.all([
      repository.findSheetTickets(db, row.id),
      getSigner(),
      loadEventImage(row.bannerImg),
    ]);
    return renderTicketSheet({
      bookingId: row.bookingId,
      holderName: holderName(row),
      currency: row.currency,
      event: { name: row.eventName, startsAt: row.startDate, image },
      venue: {
        name: row.venueName,
        address: row.venueAddress,
        city: row.venueCity,
        country: row.venueCountry,
        timeZone: row.timeZone,
      },
      tickets: tickets.map((ticket) => ({
        code: ticket.code,
        qrText: activeSigner.sign({ c: ticket.code, o: row.bookingId, e: row.eventUid, s: ticket.seatId }),
        packageName: ticket.packageName,
        unitPrice: ticket.unitPrice,
        seat: ticket.seatId === null ? null : describeSeat(row.seatMap, ticket.seatId),
      })),
      issuedAt: row.paidAt ?? now(),
    });
  }

  /**
   * GET /api/tickets/{order_id}.pdf?expires=&signature=: the signature first (403, the same answer for
   * any link we did not make, so guessing learns nothing), then the expiry (410), then the booking.
   */
  async function openTicketLink(
    file: string,
    query: { expires?: string | undefined; signature?: string | undefined },
  ): Promise<{ fileName: string; pdf: Buffer }> {
    const bookingId = TICKET_FILE_PATTERN.exec(file)?.[1];
    if (!bookingId) throw new AppError('forbidden', TICKET_MESSAGES.linkInvalid);
    const check = checkTicketLink(
      await getLinkKey(),
      bookingId,
      query.expires,
      query.signature,
      Math.floor(now().getTime() / 1000),
    );
    if (check === 'invalid') throw new AppError('forbidden', TICKET_MESSAGES.linkInvalid);
    if (check === 'expired') throw new AppError('gone', TICKET_MESSAGES.linkExpired);
    return { fileName: `${bookingId}.pdf`, pdf: await renderTicketsPdf(bookingId) };
  }

  /** The QR text of each of a booking's tickets, in PDF page order (for the booking page and tests). */
  async function signedCodes(bookingId: string): Promise<string[]> {
    const row = await repository.findSheetOrder(db, { bookingId });
    if (!row) return [];
    const [tickets, activeSigner] = await Promise.all([repository.findSheetTickets(db, row.id), getSigner()]);
    return tickets.map((ticket) =>
      activeSigner.sign({ c: ticket.code, o: row.bookingId, e: row.eventUid, s: ticket.seatId }),
    );
  }

  /** A scanned code's claims when it is well formed and signed by us; AppError 422 otherwise. */
  async function verifyCode(text: string): Promise<TicketClaims> {
    const parsed = parseTicketCode(text);
    if (!parsed.ok) throw invalidField('code', parsed.reason);
    if (!(await getSigner()).verify(parsed.code)) throw invalidField('code', TICKET_MESSAGES.forged);
    return parsed.code.claims;
  }

  /** The gate staff's bearer token, compared in constant time (as SHA-256 digests, so lengths never leak). */
  function authorizeStaff(authorization: string | undefined): void {
    if (!staffTokenDigest) throw new AppError('not_found', TICKET_MESSAGES.checkInNotConfigured);
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    const given = createHash('sha256')
      .update(match?.[1] ?? '')
      .digest();
    if (!match || !timingSafeEqual(given, staffTokenDigest))
      throw new AppError('unauthorized', TICKET_MESSAGES.staffTokenRequired);
  }

  /**
   * POST /api/check-in: verify the scanned code's signature, find its ticket, and mark it used once.
   * A second scan (or the loser of two at once) gets 409 with the time of the first.
   */
  async function checkIn(request: CheckInRequest): Promise<CheckInAdmitted> {
    const claims = await verifyCode(request.code);
    const ticket = await repository.findTicketForCheckIn(db, claims.c);
    // Signed by us yet naming no ticket (or another one than the row says): nothing to admit.
    if (!ticket || ticket.bookingId !== claims.o || ticket.eventUid !== claims.e || ticket.seatId !== claims.s) {
      throw new AppError('not_found', TICKET_MESSAGES.unknownTicket);
    }
    if (request.event_uid !== undefined && request.event_uid !== ticket.eventUid) {
      throw refused('other_event', `${TICKET_MESSAGES.otherEvent} It is for ${cleanText(ticket.eventName)}.`);
    }
    if (!isPaid(ticket.orderStatus)) throw refused('booking_not_valid', TICKET_MESSAGES.bookingNotValid);
    const scannedAt = ticket.usedAt ? null : await repository.admitTicket(db, ticket.id);
    if (!scannedAt) {
      const firstScan = ticket.usedAt ?? (await repository.findTicketUsedAt(db, ticket.id));
      if (!firstScan) throw refused('booking_not_valid', TICKET_MESSAGES.bookingNotValid);
      throw refused('already_used', `Already scanned at ${formatScanTime(firstScan, ticket.timeZone)}.`, firstScan);
    }
    return {
      status: 'admitted',
      scanned_at: scannedAt.toISOString(),
      ticket: {
        code: ticket.code,
        booking_id: ticket.bookingId,
        event: { uid: ticket.eventUid, name: ticket.eventName, starts_at: ticket.startDate.toISOString() },
        package_name: ticket.packageName,
        seat: ticket.seatId === null ? null : describeSeat(ticket.seatMap, ticket.seatId),
        holder_name: holderName(ticket),
      },
    };
  }

  async function publicKey(): Promise<TicketsPublicKey> {
    return (await getSigner()).publicKey;
  }

  /** Makes the keys now (at start), so that the first buyer does not wait for them. */
  async function prepare(): Promise<void> {
    await Promise.all([getSigner(), getLinkKey()]);
  }

  return {
    ticketUrl,
    renderTicketsPdf,
    openTicketLink,
    signedCodes,
    verifyCode,
    authorizeStaff,
    checkIn,
    publicKey,
    prepare,
  };
}
