import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DeskOrderAnswer } from '@marquee/domain/desk';
import { formatMoney } from '@marquee/domain/money';
import type { RefundAnswer, RefundRequest } from '@marquee/domain/refunds';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { refundOrder } from '../api/refund-order';
import { organiserKeys } from '../api/query-keys';
import { useSingleSend } from '../hooks/use-single-send';
import { placeServerErrors } from '../lib/field-errors';
import { amountText } from '../lib/form-inputs';
import {
  checkRefundAmount,
  refundSummary,
  refundTicketOptions,
  ticketShare,
  voidableTicketIds,
} from '../lib/refund-form';
import { ActionDialog } from './action-dialog';
import { CheckboxField } from './checkbox-field';
import { TextAreaField } from './text-area-field';

type Field = 'tickets' | 'amount' | 'reason';

const FIELD_OF_KEY: Record<string, Field> = { ticket_ids: 'tickets', amount: 'amount', reason: 'reason' };

export interface RefundDialogProps {
  org: string;
  order: DeskOrderAnswer;
  /** One per opening of the dialog (the caller makes it as it opens): every try of this refund sends it. */
  idempotencyKey: string;
  isOpen: boolean;
  onClose: () => void;
  /** The server took the refund (refunded, or recorded and waiting for the provider). */
  onRefunded: (answer: RefundAnswer) => void;
}

function ticketLabel(ticket: DeskOrderAnswer['tickets'][number]): string {
  return `${ticket.package_name}${ticket.seat ? `, ${ticket.seat.label}` : ''} (ticket …${ticket.code_suffix})`;
}

/**
 * Refund an order, in part or whole (docs/decisions/037): the tickets to void (all that still admit, at first),
 * the amount (their share, editable, at most what is left) and the reason; or money only. The confirm button
 * says what happens. Every try of one opening sends the same Idempotency-Key, so a double click, or a retry
 * after an answer that never came, refunds once; the button is busy while a try is under way.
 */
export function RefundDialog({ org, order, idempotencyKey, isOpen, onClose, onRefunded }: RefundDialogProps) {
  const queryClient = useQueryClient();
  const currency = order.totals.currency;
  const options = refundTicketOptions(order);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(voidableTicketIds(order)));
  const [moneyOnly, setMoneyOnly] = useState(false);
  const [amount, setAmount] = useState(() => amountText(ticketShare(order, new Set(voidableTicketIds(order)))));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { problems, setProblems, isBusy, sendOnce } = useSingleSend();
  const ticketsErrorId = useId();

  // Only tickets that still admit are sent (the order may have changed under the dialog).
  const voidable = new Set(voidableTicketIds(order));
  const ticketIds = moneyOnly ? [] : [...chosen].filter((id) => voidable.has(id)).sort((a, b) => a - b);
  const checkedAmount = checkRefundAmount(amount, order.refundable_amount, currency);

  function choose(ticketId: number, isChosen: boolean) {
    const next = new Set(chosen);
    if (isChosen) next.add(ticketId);
    else next.delete(ticketId);
    setChosen(next);
    // The amount follows the tickets chosen; it can be changed after.
    setAmount(amountText(ticketShare(order, next)));
    setErrors((previous) => ({ ...previous, tickets: undefined, amount: undefined }));
  }

  function check(): RefundRequest | null {
    const found: Partial<Record<Field, string>> = {};
    if (!moneyOnly && ticketIds.length === 0) found.tickets = 'Choose the tickets to void, or refund money only.';
    if (!checkedAmount.ok) found.amount = checkedAmount.message;
    if (reason.trim() === '') found.reason = 'Say why the order is refunded: the buyer and the audit log read it.';
    setErrors(found);
    if (Object.keys(found).length > 0 || !checkedAmount.ok) return null;
    return { ticket_ids: ticketIds, amount: checkedAmount.value, reason: reason.trim() };
  }

  async function send() {
    await sendOnce(check, async (body) => {
      try {
        const answer = await refundOrder(org, order.booking_id, body, idempotencyKey);
        onRefunded(answer);
      } catch (error) {
        if (isApiError(error, 'refund_exceeds_paid')) {
          setErrors({ amount: (error.body.errors?.amount ?? [error.body.message]).join(' ') });
        } else {
          setProblems(
            placeServerErrors(
              error,
              (key) => FIELD_OF_KEY[key] ?? null,
              (field, message) => setErrors((previous) => ({ ...previous, [field]: message })),
            ),
          );
        }
        // What is left, or which tickets still admit, changed meanwhile: the page (and these boxes) catch up.
        if (isApiError(error, 'refund_exceeds_paid', 'ticket_already_voided', 'ticket_already_used')) {
          void queryClient.invalidateQueries({ queryKey: organiserKeys.order(org, order.booking_id) });
        }
      }
    });
  }

  const summary = checkedAmount.ok ? refundSummary(checkedAmount.value, currency, ticketIds.length) : null;

  return (
    <ActionDialog
      isOpen={isOpen}
      onClose={onClose}
      title={`Refund order ${order.booking_id}`}
      confirmLabel={checkedAmount.ok ? `Refund ${formatMoney(checkedAmount.value, currency)}` : 'Refund'}
      busyLabel="Refunding…"
      isBusy={isBusy}
      isDanger
      problems={problems}
      onConfirm={() => void send()}
    >
      <p>
        {formatMoney(order.refundable_amount, currency)} of {formatMoney(order.totals.total, currency)} is left to
        refund. The money goes back through the payment provider; voided tickets stop admitting at once and go back on
        sale.
      </p>
      <fieldset className="flex flex-col gap-1" aria-describedby={errors.tickets ? ticketsErrorId : undefined}>
        <legend className="text-sm font-semibold text-slate-900">Tickets to void</legend>
        <CheckboxField
          label="Refund money only: void no ticket"
          checked={moneyOnly}
          onChange={(change) => {
            setMoneyOnly(change.target.checked);
            setErrors((previous) => ({ ...previous, tickets: undefined }));
          }}
        />
        <ul className="flex flex-col" aria-label="Tickets">
          {options.map(({ ticket, disabledReason }) => (
            <li key={ticket.id}>
              <CheckboxField
                label={ticketLabel(ticket)}
                hint={disabledReason ?? undefined}
                disabled={moneyOnly || disabledReason !== null}
                checked={!moneyOnly && disabledReason === null && chosen.has(ticket.id)}
                onChange={(change) => choose(ticket.id, change.target.checked)}
              />
            </li>
          ))}
        </ul>
        {errors.tickets ? (
          <p id={ticketsErrorId} role="alert" className="text-sm font-medium text-red-800">
            {errors.tickets}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label={`Amount (${currency})`}
        inputMode="decimal"
        autoComplete="off"
        hint={`The chosen tickets' price; change it if needed. At most ${formatMoney(order.refundable_amount, currency)}.`}
        error={errors.amount}
        value={amount}
        onChange={(change) => {
          setAmount(change.target.value);
          setErrors((previous) => ({ ...previous, amount: undefined }));
        }}
      />
      <TextAreaField
        label="Reason"
        rows={2}
        maxLength={500}
        hint="Recorded in the audit log."
        error={errors.reason}
        value={reason}
        onChange={(change) => {
          setReason(change.target.value);
          setErrors((previous) => ({ ...previous, reason: undefined }));
        }}
      />
      {summary ? (
        <p aria-live="polite" className="font-semibold text-slate-900">
          {summary}
        </p>
      ) : null}
    </ActionDialog>
  );
}
