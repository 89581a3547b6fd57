import { useId, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { DeskOrderAnswer } from '@marquee/domain/desk';
import { formatMoney, type Currency } from '@marquee/domain/money';
import { isPaidStatus } from '@marquee/domain/orders';
import type { RefundAnswer } from '@marquee/domain/refunds';
import { Button } from '../../../components/ui/button';
import { deskOrderQueryOptions } from '../api/get-desk-order';
import { organiserKeys } from '../api/query-keys';
import { resendConfirmation } from '../api/resend-confirmation';
import {
  EMAIL_STATUS_BADGES,
  emailKindWords,
  ORDER_STATUS_BADGES,
  paymentStepWords,
  REFUND_STATUS_BADGES,
  refundBadge,
  ticketBadge,
} from '../lib/desk-display';
import { formatInstant } from '../lib/instant-display';
import { organiserPaths } from '../lib/organiser-paths';
import { mayUse, type ConsoleRole } from '../lib/permissions';
import { problemMessage } from '../lib/problem-message';
import { newIdempotencyKey } from '../lib/refund-form';
import { ConsoleLoading } from './console-loading';
import { ConsolePageHeader } from './console-page-header';
import { ConsoleQueryError } from './console-query-error';
import { FormProblems } from './form-problems';
import { RefundDialog } from './refund-dialog';
import { StatusPill } from './status-pill';
import { TicketHolderAction } from './ticket-holder-dialog';

function BackToOrders({ org }: { org: string }) {
  return (
    <Link
      to={organiserPaths.orders(org)}
      className="self-start text-sm font-semibold text-brand-700 underline underline-offset-2"
    >
      ← All orders
    </Link>
  );
}

/** A titled block of the order's page. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id={id} className="text-lg font-semibold text-brand-950">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">{children}</dl>;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-700">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </>
  );
}

function Time({ at }: { at: string }) {
  return <time dateTime={at}>{formatInstant(at)}</time>;
}

const NOT_SHOWN = 'Not shown to your role';

function BuyerSection({ order }: { order: DeskOrderAnswer }) {
  return (
    <Section title="Buyer">
      <Facts>
        <Fact term="Name">{`${order.buyer.first_name} ${order.buyer.last_name}`.trim()}</Fact>
        {order.kind === 'comp' ? <Fact term="Comp note">{order.comp_note ?? '—'}</Fact> : null}
        {order.contact === null ? (
          <Fact term="Contact">{NOT_SHOWN}</Fact>
        ) : (
          <>
            <Fact term="E-mail">{order.contact.email}</Fact>
            <Fact term="Phone">{order.contact.phone}</Fact>
            <Fact term="NIC">{order.contact.nic || '—'}</Fact>
          </>
        )}
        <Fact term="Event">{order.event.name}</Fact>
        <Fact term="Event starts">
          <Time at={order.event.starts_at} />
        </Fact>
        <Fact term="Order made">
          <Time at={order.created_at} />
        </Fact>
      </Facts>
    </Section>
  );
}

function LinesSection({ order }: { order: DeskOrderAnswer }) {
  const { totals } = order;
  const money = (minor: number) => formatMoney(minor, totals.currency);
  return (
    <Section title="Tickets ordered">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[28rem] text-left text-sm">
          <caption className="sr-only">Lines of the order</caption>
          <thead className="text-slate-700">
            <tr>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Package
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Seats
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-semibold">
                Price
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-semibold">
                Quantity
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {order.lines.map((line) => (
              <tr key={line.package_name}>
                <th scope="row" className="py-1 pr-3 font-semibold text-slate-900">
                  {line.package_name}
                </th>
                <td className="py-1 pr-3 text-slate-900">
                  {line.seats.length === 0 ? (
                    <span className="text-slate-600">Free seating</span>
                  ) : (
                    <ul>
                      {line.seats.map((seat) => (
                        <li key={seat.id}>{seat.label}</li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className="py-1 pr-3 text-right whitespace-nowrap">{money(line.unit_price)}</td>
                <td className="py-1 pr-3 text-right">{line.quantity}</td>
                <td className="py-1 text-right whitespace-nowrap">{money(line.unit_price * line.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl aria-label="Totals" className="ml-auto grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm">
        <dt className="text-slate-700">Subtotal</dt>
        <dd className="text-right">{money(totals.subtotal)}</dd>
        <dt className="text-slate-700">Convenience fee</dt>
        <dd className="text-right">{money(totals.convenience_fee)}</dd>
        {totals.discount > 0 ? (
          <>
            <dt className="text-slate-700">Discount{totals.promo_code ? ` (${totals.promo_code})` : ''}</dt>
            <dd className="text-right">−{money(totals.discount)}</dd>
          </>
        ) : null}
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd className="text-right font-semibold">{money(totals.total)}</dd>
        {order.refunded_amount > 0 ? (
          <>
            <dt className="text-slate-700">Refunded</dt>
            <dd className="text-right">{money(order.refunded_amount)}</dd>
          </>
        ) : null}
        <dt className="text-slate-700">Left to refund</dt>
        <dd className="text-right">{money(order.refundable_amount)}</dd>
      </dl>
    </Section>
  );
}

function PaymentSection({ payment }: { payment: DeskOrderAnswer['payment'] }) {
  return (
    <Section title="Payment">
      <Facts>
        <Fact term="Gateway">{payment.gateway}</Fact>
        <Fact term="Payment intent">{payment.intent_id ?? '—'}</Fact>
        {payment.provider_status ? <Fact term="Provider says">{payment.provider_status}</Fact> : null}
        <Fact term="Paid">{payment.paid_at ? <Time at={payment.paid_at} /> : 'Not paid'}</Fact>
        {payment.last_error ? <Fact term="Last attempt refused">{payment.last_error}</Fact> : null}
        {payment.cancel_reason ? <Fact term="Cancelled because">{payment.cancel_reason}</Fact> : null}
        {payment.failure_reason ? <Fact term="Failed because">{payment.failure_reason}</Fact> : null}
      </Facts>
      <h3 className="text-sm font-semibold text-slate-900">Timeline</h3>
      <ol aria-label="Payment timeline, oldest first" className="flex flex-col gap-1 border-l-2 border-slate-200 pl-4">
        {payment.timeline.map((step, index) => (
          <li key={`${step.at}-${index}`} className="text-sm">
            <span className="text-slate-700">
              <Time at={step.at} />
            </span>{' '}
            <span className="text-slate-900">{paymentStepWords(step)}</span>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function TicketsSection({
  tickets,
  renderAction,
}: {
  tickets: DeskOrderAnswer['tickets'];
  /** An action beside each ticket (Correct name, for roles with order.edit). */
  renderAction?: (ticket: DeskOrderAnswer['tickets'][number]) => ReactNode;
}) {
  return (
    <Section title="Tickets">
      {tickets.length === 0 ? (
        <p className="text-sm text-slate-700">No tickets: they are issued when the order is paid.</p>
      ) : (
        <ul aria-label="Tickets" className="flex flex-col divide-y divide-slate-100">
          {tickets.map((ticket) => {
            const badge = ticketBadge(ticket);
            return (
              <li key={ticket.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-semibold text-slate-900">{ticket.package_name}</span>
                  {ticket.seat ? <span className="text-slate-900">, {ticket.seat.label}</span> : null}
                  <span className="block font-mono text-xs text-slate-600">Code …{ticket.code_suffix}</span>
                  {ticket.holder ? (
                    <span className="block text-slate-700">
                      Holder: {`${ticket.holder.first_name} ${ticket.holder.last_name}`}
                      {ticket.reissued_at ? ' (name corrected, re-issued)' : null}
                    </span>
                  ) : null}
                </span>
                <span className="flex flex-wrap items-center gap-2">
                  <StatusPill tone={badge.tone}>{badge.label}</StatusPill>
                  {renderAction?.(ticket)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

function RefundsSection({ refunds, currency }: { refunds: DeskOrderAnswer['refunds']; currency: Currency }) {
  return (
    <Section title="Refunds">
      {refunds.length === 0 ? (
        <p className="text-sm text-slate-700">None.</p>
      ) : (
        <ul aria-label="Refunds" className="flex flex-col divide-y divide-slate-100">
          {refunds.map((refund) => {
            const badge = REFUND_STATUS_BADGES[refund.status];
            return (
              <li key={refund.id} className="flex flex-col gap-1 py-2 text-sm">
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-slate-900">{formatMoney(refund.amount, currency)}</span>
                  <StatusPill tone={badge.tone}>{badge.label}</StatusPill>
                </span>
                <span className="text-slate-900">{refund.reason}</span>
                <span className="text-slate-700">
                  <Time at={refund.created_at} />
                  {' · '}
                  {refund.ticket_ids.length === 0
                    ? 'money only'
                    : `${refund.ticket_ids.length} ticket${refund.ticket_ids.length === 1 ? '' : 's'} voided`}
                  {refund.status === 'pending' ? ' · the provider has not confirmed yet: Marquee retries it' : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

function EmailsSection({ order }: { order: DeskOrderAnswer }) {
  const isEmpty = order.emails.length === 0 && order.kept_emails.length === 0;
  return (
    <Section title="E-mails">
      {isEmpty ? <p className="text-sm text-slate-700">None queued for this order.</p> : null}
      {order.emails.length > 0 ? (
        <ul aria-label="E-mails" className="flex flex-col divide-y divide-slate-100">
          {order.emails.map((email, index) => {
            const badge = EMAIL_STATUS_BADGES[email.status];
            return (
              <li key={`${email.kind}-${email.queued_at}-${index}`} className="flex flex-col gap-1 py-2 text-sm">
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-slate-900">{emailKindWords(email.kind)}</span>
                  <StatusPill tone={badge.tone}>{badge.label}</StatusPill>
                </span>
                <span className="text-slate-700">
                  Queued <Time at={email.queued_at} />
                  {email.sent_at ? (
                    <>
                      {' · sent '}
                      <Time at={email.sent_at} />
                    </>
                  ) : null}
                  {email.attempts > 1 ? ` · ${email.attempts} attempts` : null}
                </span>
                {email.last_error ? <span className="text-red-800">{email.last_error}</span> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {order.kept_emails.length > 0 ? (
        <>
          <h3 className="text-sm font-semibold text-slate-900">Kept by the local mail viewer</h3>
          <ul aria-label="Kept e-mails" className="flex flex-col gap-1 text-sm">
            {order.kept_emails.map((kept, index) => (
              <li key={`${kept.kept_at}-${index}`}>
                <span className="text-slate-900">{kept.subject}</span>{' '}
                <span className="text-slate-700">
                  (<Time at={kept.kept_at} />)
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className="text-sm font-semibold text-slate-900">Confirmation resent</h3>
      {order.resends.length === 0 ? (
        <p className="text-sm text-slate-700">Never.</p>
      ) : (
        <ul aria-label="Resends" className="flex flex-col gap-1 text-sm">
          {order.resends.map((resend, index) => (
            <li key={`${resend.at}-${index}`}>
              <Time at={resend.at} />
              <span className="text-slate-700"> by {resend.by ?? 'a former member'}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Resend confirmation: only a paid order has one (the button says why not); a 409 or 429 is said in words. */
function ResendConfirmation({
  org,
  order,
  onDone,
}: {
  org: string;
  order: DeskOrderAnswer;
  onDone: (notice: string) => void;
}) {
  const queryClient = useQueryClient();
  const [isBusy, setIsBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const whyNotId = useId();
  const isPaid = isPaidStatus(order.status);

  async function resend() {
    if (isBusy) return;
    setIsBusy(true);
    setProblem(null);
    try {
      const answer = await resendConfirmation(org, order.booking_id);
      onDone(
        `The confirmation is queued and will be sent in a moment. ${
          answer.resends_left === 1 ? '1 more resend' : `${answer.resends_left} more resends`
        } this hour.`,
      );
      await queryClient.invalidateQueries({ queryKey: organiserKeys.order(org, order.booking_id) });
    } catch (error) {
      setProblem(problemMessage(error));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        disabled={!isPaid}
        aria-disabled={isBusy || undefined}
        aria-describedby={isPaid ? undefined : whyNotId}
        onClick={() => void resend()}
      >
        {isBusy ? 'Resending…' : 'Resend confirmation'}
      </Button>
      {isPaid ? null : (
        <p id={whyNotId} className="max-w-xs text-sm text-slate-700">
          {order.status === 'pending'
            ? 'Not paid yet: there is no confirmation to resend.'
            : 'This order is cancelled or failed: there is no confirmation to resend.'}
        </p>
      )}
      {problem ? <FormProblems messages={[problem]} /> : null}
    </div>
  );
}

/** Refund…: opens the dialog with a fresh Idempotency-Key each time. */
function RefundAction({
  org,
  order,
  onDone,
}: {
  org: string;
  order: DeskOrderAnswer;
  onDone: (notice: string) => void;
}) {
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);

  function refunded(answer: RefundAnswer) {
    setIsOpen(false);
    const money = formatMoney(answer.refund.amount, order.totals.currency);
    onDone(
      answer.refund.status === 'pending'
        ? `The refund of ${money} is recorded and its tickets are voided, but the payment provider has not confirmed it yet: Marquee retries it until it does.`
        : `Refunded ${money}. The buyer is e-mailed.`,
    );
    void queryClient.invalidateQueries({ queryKey: organiserKeys.orders(org) });
  }

  return (
    <>
      <Button
        aria-haspopup="dialog"
        onClick={() => {
          setOpening(newIdempotencyKey());
          setIsOpen(true);
        }}
      >
        Refund…
      </Button>
      {opening ? (
        <RefundDialog
          key={opening}
          org={org}
          order={order}
          idempotencyKey={opening}
          isOpen={isOpen}
          onClose={() => setIsOpen(false)}
          onRefunded={refunded}
        />
      ) : null}
    </>
  );
}

function OrderDetail({ org, order, role }: { org: string; order: DeskOrderAnswer; role: ConsoleRole }) {
  const [notice, setNotice] = useState<string | null>(null);
  const status = ORDER_STATUS_BADGES[order.status];
  const refunds = refundBadge(order);
  const canResend = mayUse(role, 'order.edit');
  const canRefund = mayUse(role, 'order.refund') && isPaidStatus(order.status) && order.refundable_amount > 0;
  return (
    <>
      <ConsolePageHeader
        title={`Order ${order.booking_id}`}
        back={<BackToOrders org={org} />}
        description={
          <p className="flex flex-wrap items-center gap-2">
            <StatusPill tone={status.tone}>{status.label}</StatusPill>
            {order.kind === 'comp' ? <StatusPill tone="violet">Comp</StatusPill> : null}
            {refunds ? <StatusPill tone={refunds.tone}>{refunds.label}</StatusPill> : null}
            <span>{formatMoney(order.totals.total, order.totals.currency)}</span>
          </p>
        }
      />
      {canResend || canRefund ? (
        <div className="mb-6 flex flex-wrap items-start gap-3">
          {canResend ? <ResendConfirmation org={org} order={order} onDone={setNotice} /> : null}
          {canRefund ? <RefundAction org={org} order={order} onDone={setNotice} /> : null}
        </div>
      ) : null}
      {notice ? (
        <p
          role="status"
          className="mb-6 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950"
        >
          {notice}
        </p>
      ) : null}
      <div className="grid gap-4 xl:grid-cols-2">
        <BuyerSection order={order} />
        <LinesSection order={order} />
        <TicketsSection
          tickets={order.tickets}
          renderAction={
            canResend && isPaidStatus(order.status)
              ? (ticket) => <TicketHolderAction org={org} order={order} ticket={ticket} onDone={setNotice} />
              : undefined
          }
        />
        <RefundsSection refunds={order.refunds} currency={order.totals.currency} />
        <PaymentSection payment={order.payment} />
        <EmailsSection order={order} />
      </div>
    </>
  );
}

/**
 * /organiser/{org}/orders/{bookingId}: an order on the desk. Its buyer (contact details only for roles that may
 * see them), lines and seats, totals and refunds, the payment's story, its tickets and check-ins, the e-mails;
 * resend the confirmation (order.edit) and refund (order.refund, a paid order with something left to refund).
 */
export function OrderPage({ org, bookingId, role }: { org: string; bookingId: string; role: ConsoleRole }) {
  const order = useQuery(deskOrderQueryOptions(org, bookingId));
  if (order.isPending) {
    return (
      <>
        <ConsolePageHeader title={`Order ${bookingId}`} back={<BackToOrders org={org} />} />
        <ConsoleLoading label="Loading the order…" rows={3} />
      </>
    );
  }
  if (order.isError) {
    return (
      <>
        <ConsolePageHeader title={`Order ${bookingId}`} back={<BackToOrders org={org} />} />
        <ConsoleQueryError
          error={order.error}
          title="The order could not be loaded"
          onRetry={() => void order.refetch()}
          isRetrying={order.isFetching}
          notFound={{
            title: 'No such order',
            message: 'No order has this Booking ID, or it is not for one of your events.',
            back: { to: organiserPaths.orders(org), label: 'All orders' },
          }}
        />
      </>
    );
  }
  return <OrderDetail org={org} order={order.data} role={role} />;
}
