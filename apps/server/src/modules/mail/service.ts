import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '@marquee/db/client';
import { INVITATION_VALID_DAYS } from '@marquee/domain/console';
import { eventPath } from '@marquee/domain/slug';
import { TICKET_LINK_TTL_DAYS, describeSeat, seatLabel } from '@marquee/domain/tickets';
import { DEFAULT_MAIL_FROM, type AppConfig, type MailConfig } from '../../config';
import * as repository from './repository';
import type { ClaimedOutboxRow, OrderForMail } from './repository';
import type { MailEvent, RenderedMail } from './templates/mail-parts';
import { renderOrderConfirmation } from './templates/render-order-confirmation';
import { renderOrganisationInvitation } from './templates/render-organisation-invitation';
import { renderPasswordReset } from './templates/render-password-reset';
import { renderOrderRefunded } from './templates/render-order-refunded';
import { renderEventChanged } from './templates/render-event-changed';
import { renderPaymentRefunded } from './templates/render-payment-refunded';
import { renderTicketsReissued } from './templates/render-tickets-reissued';
import { renderNotifyMeConfirm, renderNotifyMeOnSale } from './templates/render-notify-me';
import { renderWaitlistConfirm, renderWaitlistOffer } from './templates/render-waitlist';
import {
  MailRejectedError,
  createSmtpTransport,
  createViewerTransport,
  type MailAttachment,
  type MailTransport,
  type OutgoingMail,
} from './transports';

/** Attempts before an e-mail is given up (about 14 hours of retries with the backoff below). */
export const MAX_ATTEMPTS = 20;
/** How long a Notify Me confirmation link works (modules/notify-me checks it; the e-mail says it). */
export const NOTIFY_ME_CONFIRM_VALID_DAYS = 7;
/** How long a waitlist's confirmation link works (issue 23; decisions/049). */
export const WAITLIST_CONFIRM_VALID_DAYS = 7;
/** better-auth's reset token lifetime (its default, set explicitly in accounts/auth.ts). */
export const PASSWORD_RESET_VALID_MINUTES = 60;
/** A claimed row is not claimed again for this long: far longer than one attempt can take (SMTP timeouts). */
const LEASE_SECONDS = 600;
/**
 * Rows claimed at once; a tick keeps claiming until fewer come back. One: each e-mail's lease starts when
 * that e-mail is taken, so rendering the PDFs of earlier ones never eats into a later one's lease (a batch
 * that outlasted its lease was sent twice in bench/reliability on a loaded machine).
 */
const BATCH_SIZE = 1;

/** 30 s (or `baseSeconds`) after the first failed attempt, doubling up to an hour between attempts. */
export function retryDelaySeconds(attempts: number, baseSeconds = 30): number {
  return Math.min(3_600, baseSeconds * 2 ** Math.max(0, attempts - 1));
}

/** Renders an order's tickets as a PDF (the tickets module), by the order's row id. */
export type RenderTicketsPdf = (orderRowId: number) => Promise<Uint8Array>;
/** The signed, absolute address of a booking's tickets PDF (the tickets module), by Booking ID. */
export type TicketsLink = (bookingId: string) => Promise<string>;

export interface MailServiceDeps {
  db: Db;
  config: MailConfig;
  /** The site's origin, for the links in the e-mails. */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Attaches the tickets to the confirmation; without it the e-mail points to Download Your Tickets only. */
  renderTicketsPdf?: RenderTicketsPdf | undefined;
  /** A signed link straight to a booking's tickets PDF (the tickets module), valid for TICKET_LINK_TTL_DAYS. */
  ticketsLink?: TicketsLink | undefined;
  /** Replaces the transport the config chooses (tests). */
  transport?: MailTransport;
  /** Payments are tests (decisions/030): order e-mails say their tickets are test tickets. */
  testMode?: boolean;
  /** The first retry's delay (default 30 s; MAIL_RETRY_SECONDS). */
  retryBaseSeconds?: number;
  /** How long a claimed row is left to this process (default LEASE_SECONDS; MAIL_LEASE_SECONDS). */
  leaseSeconds?: number;
}

export interface SendDueResult {
  sent: number;
  /** Not sent this time; tried again later. */
  retrying: number;
  /** Given up (too many attempts, or refused for good). */
  failed: number;
}

/** The domain of the From address: Message-IDs are made under it. */
function senderDomain(from: string): string {
  return /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'marquee.local';
}

/** "Section A, row B, seat 12", as the tickets PDF names the seat. */
function describeError(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/** What a log line names an outbox row by (never the reset or invitation link: each is a credential). */
function subjectOf(row: ClaimedOutboxRow): Record<string, unknown> {
  if (row.kind === 'password_reset') return { outboxId: row.id, kind: row.kind, userId: row.userId };
  if (row.kind === 'organisation_invitation') return { outboxId: row.id, kind: row.kind };
  if (row.kind === 'order_refunded') return { outboxId: row.id, kind: row.kind, refundId: row.refundId };
  // Never the link: the confirmation's is a credential.
  if (row.kind === 'notify_me_confirm' || row.kind === 'notify_me_on_sale') {
    return { outboxId: row.id, kind: row.kind, subscriptionId: row.subscriptionId };
  }
  // Never the link either: it confirms, leaves, or opens a held order.
  if (row.kind === 'waitlist_confirm' || row.kind === 'waitlist_offer') {
    return { outboxId: row.id, kind: row.kind, waitlistEntryId: row.entryId };
  }
  return { outboxId: row.id, kind: row.kind, orderId: row.orderId };
}

/** sha256 (hex) of an invitation's token, as organisation_invitations.token_hash keeps it. */
export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type MailService = ReturnType<typeof createMailService>;

/** Without a mail config (tests, demos): nothing is sent, and the viewer is open to this machine. */
export function mailConfigOf(config: AppConfig): MailConfig {
  return config.mail ?? { smtpUrl: null, from: DEFAULT_MAIL_FROM, viewer: 'local' };
}

/** Queues a password-reset e-mail with its one-time link (the accounts library asks for one); the worker sends it. */
export function requestPasswordResetMail(db: Db, userId: string, url: string): Promise<void> {
  return repository.enqueuePasswordReset(db, userId, url);
}

/**
 * Queues the e-mail of an order's re-issued tickets (a name corrected at the desk; decisions/039) in the
 * transaction that re-issued them; answers whether a send is queued.
 */
export function requestTicketsReissuedMail(tx: Tx, orderRowId: number): Promise<boolean> {
  return repository.enqueueTicketsReissued(tx, orderRowId);
}

/**
 * Queues an organisation's invitation e-mail in `tx`, the transaction that made the invitation: both commit
 * or neither. `url` carries the token (`…/organiser/join?token=…`); the worker reads the rest from the row.
 */
export function requestInvitationMail(
  tx: Tx,
  mail: { email: string; url: string; organisation: string },
): Promise<void> {
  return repository.enqueueOrganisationInvitation(tx, mail);
}

/**
 * The outbox worker and the outbox viewer's reads. `sendDue` sends every e-mail that is due: rows of
 * `outbox` written by the orders module in the transaction that decided them. Delivery is at least
 * once with a stable Message-ID per row (decision 015): a row is marked sent only after the transport
 * accepted it, so a crash in between sends it again, recognisably the same message.
 */
export function createMailService(deps: MailServiceDeps) {
  const { db, config, log } = deps;
  const transport =
    deps.transport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createViewerTransport(db));
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  const domain = senderDomain(config.from);
  let isClosing = false;

  function mailEvent(order: OrderForMail): MailEvent {
    return {
      name: order.event.name,
      startsAt: order.event.startDate.toISOString(),
      timeZone: order.venue.timeZone,
      venueName: order.venue.name,
      venueCity: order.venue.city,
      url: `${publicUrl}${eventPath(order.event)}`,
    };
  }

  async function composeAccountMail(row: Extract<ClaimedOutboxRow, { kind: 'password_reset' }>): Promise<OutgoingMail> {
    const user = await repository.findUserForMail(db, row.userId);
    if (!user) throw new MailRejectedError(`Account ${row.userId} no longer exists.`);
    return {
      // The row id is this database's; the link's digest makes it unique across databases too.
      messageId: `<password-reset.${row.id}.${createHash('sha256').update(row.url).digest('hex').slice(0, 16)}@${domain}>`,
      from: config.from,
      to: { name: user.name, address: user.email },
      ...renderPasswordReset({ name: user.name, url: row.url, validMinutes: PASSWORD_RESET_VALID_MINUTES }),
      attachments: [],
    };
  }

  async function composeInvitationMail(
    row: Extract<ClaimedOutboxRow, { kind: 'organisation_invitation' }>,
  ): Promise<OutgoingMail> {
    const token = URL.canParse(row.url) ? new URL(row.url).searchParams.get('token') : null;
    const invitation = token ? await repository.findInvitationForMail(db, invitationTokenHash(token)) : null;
    // Gone with its organisation, revoked, or run out before it could be sent: the link would only be refused.
    if (!invitation) throw new MailRejectedError('The invitation no longer exists.');
    if (invitation.status !== 'pending' || invitation.isExpired) {
      throw new MailRejectedError(
        `The invitation is no longer pending (${invitation.isExpired ? 'expired' : invitation.status}).`,
      );
    }
    const { inviterName, inviterEmail } = invitation;
    return {
      messageId: `<organisation-invitation.${row.id}.${createHash('sha256').update(row.url).digest('hex').slice(0, 16)}@${domain}>`,
      from: config.from,
      to: { name: invitation.email, address: invitation.email },
      ...renderOrganisationInvitation({
        organisation: invitation.organisation,
        role: invitation.role,
        invitedBy: inviterName !== null && inviterEmail !== null ? { name: inviterName, email: inviterEmail } : null,
        url: row.url,
        validFor: `${INVITATION_VALID_DAYS} days`,
      }),
      attachments: [],
    };
  }

  /** A console refund's e-mail (issue 22): one per refund, so its Message-ID names the refund. */
  async function composeRefundMail(row: Extract<ClaimedOutboxRow, { kind: 'order_refunded' }>): Promise<OutgoingMail> {
    const refund = await repository.findRefundForMail(db, row.refundId);
    const order = refund ? await repository.findOrderForMail(db, refund.orderId) : null;
    if (!refund || !order) throw new MailRejectedError(`Refund ${row.refundId} no longer exists.`);
    return {
      messageId: `<order-refunded.${order.bookingId}.${row.refundId}@${domain}>`,
      from: config.from,
      to: { name: `${order.firstName} ${order.lastName}`, address: order.email },
      ...renderOrderRefunded({
        bookingId: order.bookingId,
        buyerFirstName: order.firstName,
        event: mailEvent(order),
        currency: order.currency,
        refunded: refund.amount,
        ticketsVoided: refund.ticketCount,
        isWholeBooking: refund.isRefunded,
        isTest: deps.testMode ?? false,
      }),
      attachments: [],
    };
  }

  /** An event cancelled or postponed (issue 22; decisions/040): one e-mail per order and change. */
  async function composeEventChangeMail(
    row: Extract<ClaimedOutboxRow, { kind: 'event_cancelled' | 'event_postponed' }>,
  ): Promise<OutgoingMail> {
    const change = await repository.findEventChangeForMail(db, row.eventChangeId, row.orderId);
    const order = await repository.findOrderForMail(db, row.orderId);
    if (!change || !order) throw new MailRejectedError(`Order ${row.orderId} or its event's change no longer exists.`);
    return {
      // One per (order, change): a later postponement of the same event is a message of its own.
      messageId: `<${row.kind.replace('_', '-')}.${order.bookingId}.${row.eventChangeId}@${domain}>`,
      from: config.from,
      to: { name: `${order.firstName} ${order.lastName}`, address: order.email },
      ...renderEventChanged({
        kind: change.kind,
        bookingId: order.bookingId,
        buyerFirstName: order.firstName,
        event: mailEvent(order),
        message: change.message,
        isRefunding: change.refund,
        refund: { amount: change.refundAmount, currency: order.currency },
        newStartsAt: change.newStartsAt ? change.newStartsAt.toISOString() : null,
        isTest: deps.testMode ?? false,
      }),
      attachments: [],
    };
  }

  /** Notify Me (issue 23; decisions/047): the double opt-in's link, or "on sale now" with its unsubscribe link. */
  async function composeNotifyMeMail(
    row: Extract<ClaimedOutboxRow, { kind: 'notify_me_confirm' | 'notify_me_on_sale' }>,
  ): Promise<OutgoingMail> {
    const subscription = await repository.findNotifyMeForMail(db, row.subscriptionId);
    if (!subscription) throw new MailRejectedError(`Notify Me subscription ${row.subscriptionId} no longer exists.`);
    // Unsubscribing deletes the rows still pending; this is one that was being sent at that moment.
    if (subscription.status === 'unsubscribed') throw new MailRejectedError('The subscriber has unsubscribed.');
    const event: MailEvent = {
      name: subscription.event.name,
      startsAt: subscription.event.startDate.toISOString(),
      timeZone: subscription.venue.timeZone,
      venueName: subscription.venue.name,
      venueCity: subscription.venue.city,
      url: `${publicUrl}${eventPath(subscription.event)}`,
    };
    return {
      // A confirmation asked again is another row (another link): each is a message of its own.
      messageId: `<${row.kind.replaceAll('_', '-')}.${row.subscriptionId}.${row.id}.${createHash('sha256').update(row.url).digest('hex').slice(0, 16)}@${domain}>`,
      from: config.from,
      to: { name: subscription.email, address: subscription.email },
      ...(row.kind === 'notify_me_confirm'
        ? renderNotifyMeConfirm({ event, confirmUrl: row.url, validDays: NOTIFY_ME_CONFIRM_VALID_DAYS })
        : renderNotifyMeOnSale({ event, unsubscribeUrl: row.url })),
      attachments: [],
    };
  }

  /** The waitlist (issue 23; decisions/049): the double opt-in's link, or an offer's link to its held order. */
  async function composeWaitlistMail(
    row: Extract<ClaimedOutboxRow, { kind: 'waitlist_confirm' | 'waitlist_offer' }>,
  ): Promise<OutgoingMail> {
    const entry = await repository.findWaitlistEntryForMail(db, row.entryId);
    if (!entry) throw new MailRejectedError(`Waitlist entry ${row.entryId} no longer exists.`);
    if (entry.status === 'left') throw new MailRejectedError('The buyer left the waitlist.');
    const input = {
      event: {
        name: entry.event.name,
        startsAt: entry.event.startDate.toISOString(),
        timeZone: entry.venue.timeZone,
        venueName: entry.venue.name,
        venueCity: entry.venue.city,
        url: `${publicUrl}${eventPath(entry.event)}`,
      },
      packageName: entry.packageName,
      quantity: entry.quantity,
    };
    return {
      messageId: `<${row.kind.replaceAll('_', '-')}.${row.entryId}.${row.id}@${domain}>`,
      from: config.from,
      to: { name: `${entry.firstName}`, address: entry.email },
      ...(row.kind === 'waitlist_confirm'
        ? renderWaitlistConfirm({ ...input, confirmUrl: row.url, validDays: WAITLIST_CONFIRM_VALID_DAYS })
        : renderWaitlistOffer({ ...input, offerUrl: row.url, holdEndsAt: entry.holdExpiresAt?.toISOString() ?? null })),
      attachments: [],
    };
  }

  async function compose(row: ClaimedOutboxRow): Promise<OutgoingMail> {
    if (row.kind === 'password_reset') return composeAccountMail(row);
    if (row.kind === 'waitlist_confirm' || row.kind === 'waitlist_offer') return composeWaitlistMail(row);
    if (row.kind === 'notify_me_confirm' || row.kind === 'notify_me_on_sale') return composeNotifyMeMail(row);
    if (row.kind === 'organisation_invitation') return composeInvitationMail(row);
    if (row.kind === 'order_refunded') return composeRefundMail(row);
    if (row.kind === 'event_cancelled' || row.kind === 'event_postponed') return composeEventChangeMail(row);
    const order = await repository.findOrderForMail(db, row.orderId);
    // The outbox row goes with its order (ON DELETE CASCADE), so this is a row deleted mid-attempt.
    if (!order) throw new MailRejectedError(`Order ${row.orderId} no longer exists.`);
    let rendered: RenderedMail;
    const attachments: MailAttachment[] = [];
    if (row.kind === 'tickets_reissued') {
      // A name corrected at the desk (decisions/039): the booking's tickets as they stand now, new QR included.
      if (deps.renderTicketsPdf) {
        attachments.push({
          filename: `${order.bookingId}.pdf`,
          contentType: 'application/pdf',
          content: Buffer.from(await deps.renderTicketsPdf(row.orderId)),
        });
      }
      rendered = renderTicketsReissued({
        bookingId: order.bookingId,
        buyerFirstName: order.firstName,
        event: mailEvent(order),
        attachmentName: attachments[0]?.filename ?? null,
        downloadUrl: `${publicUrl}/download-tickets`,
        isTest: deps.testMode ?? false,
      });
    } else if (row.kind === 'order_confirmation') {
      if (deps.renderTicketsPdf) {
        const pdf = await deps.renderTicketsPdf(row.orderId);
        attachments.push({
          filename: `${order.bookingId}.pdf`,
          contentType: 'application/pdf',
          content: Buffer.from(pdf),
        });
      }
      rendered = renderOrderConfirmation({
        bookingId: order.bookingId,
        buyerFirstName: order.firstName,
        event: mailEvent(order),
        currency: order.currency,
        lines: order.lines.map((line) => ({
          ...line,
          seats: line.seats.map((id) => seatLabel(describeSeat(order.venue.seatMap, id))),
        })),
        convenienceFee: order.convenienceFee,
        discount: order.discount,
        promoCode: order.promoCode,
        total: order.total,
        downloadUrl: `${publicUrl}/download-tickets`,
        attachmentName: attachments[0]?.filename ?? null,
        isTest: deps.testMode ?? false,
        ticketsLink: deps.ticketsLink
          ? { url: await deps.ticketsLink(order.bookingId), validDays: TICKET_LINK_TTL_DAYS }
          : null,
      });
    } else {
      rendered = renderPaymentRefunded({
        bookingId: order.bookingId,
        buyerFirstName: order.firstName,
        event: mailEvent(order),
        currency: order.currency,
        refunded: order.total,
        reason: order.failureReason ?? 'sold_out',
        isTest: deps.testMode ?? false,
      });
    }
    return {
      // (kind, order) is unique in the outbox and the Booking ID is random, so this names one row of one
      // database for ever: a retry is recognisably the same message, and another database never reuses it. A
      // resend from the orders desk is a new message (a mailbox keeps one copy per Message-ID).
      messageId: `<${row.kind.replace('_', '-')}.${order.bookingId}${row.resendCount > 0 ? `.resend-${row.resendCount}` : ''}@${domain}>`,
      from: config.from,
      to: { name: `${order.firstName} ${order.lastName}`, address: order.email },
      ...rendered,
      attachments,
    };
  }

  async function attempt(row: ClaimedOutboxRow): Promise<keyof SendDueResult> {
    try {
      const mail = await compose(row);
      await transport.send(mail);
    } catch (error) {
      const message = describeError(error);
      const context = { ...subjectOf(row), attempts: row.attempts, err: error };
      if (error instanceof MailRejectedError || row.attempts >= MAX_ATTEMPTS) {
        await repository.markOutboxFailed(db, row.id, message);
        log.error(context, 'e-mail given up');
        return 'failed';
      }
      const delay = retryDelaySeconds(row.attempts, deps.retryBaseSeconds);
      await repository.scheduleOutboxRetry(db, row.id, message, delay);
      log.warn({ ...context, retryInSeconds: delay }, 'e-mail not sent; will retry');
      return 'retrying';
    }
    // Between the transport's acceptance and this update lies the at-least-once window (decision 015).
    await repository.markOutboxSent(db, row.id);
    log.info({ ...subjectOf(row), transport: transport.kind }, 'e-mail sent');
    return 'sent';
  }

  /** Sends what is due now, one attempt per row; answers what came of it. The worker calls it; tests too. */
  async function sendDue(): Promise<SendDueResult> {
    const result: SendDueResult = { sent: 0, retrying: 0, failed: 0 };
    while (!isClosing) {
      const rows = await repository.claimDueOutbox(db, BATCH_SIZE, deps.leaseSeconds ?? LEASE_SECONDS);
      for (const row of rows) result[await attempt(row)] += 1;
      if (rows.length < BATCH_SIZE) break;
    }
    return result;
  }

  return {
    transportKind: transport.kind,
    sendDue,
    /** No more rows are claimed; the batch under way finishes. */
    stop() {
      isClosing = true;
    },
    /** Closes the transport: after `stop()` and the last `sendDue()` have finished. */
    close() {
      transport.close();
    },
    listKeptMail: () => repository.listKeptMail(db, 200),
    findKeptMail: (id: number) => repository.findKeptMail(db, id),
    findKeptAttachment: (messageRowId: number, attachmentId: number) =>
      repository.findKeptAttachment(db, messageRowId, attachmentId),
  };
}
