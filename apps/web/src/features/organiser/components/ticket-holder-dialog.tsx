import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HolderNameSchema, type HolderName, type TicketHolderAnswer } from '@marquee/domain/comps';
import type { DeskOrderAnswer } from '@marquee/domain/desk';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { correctTicketHolder } from '../api/correct-ticket-holder';
import { organiserKeys } from '../api/query-keys';
import { useSingleSend } from '../hooks/use-single-send';
import { placeServerErrors } from '../lib/field-errors';
import { ActionDialog } from './action-dialog';

type DeskTicket = DeskOrderAnswer['tickets'][number];
type Field = keyof HolderName;

/** Why a ticket's name cannot be corrected; null when it can. */
export function holderLockedReason(ticket: DeskTicket): string | null {
  if (ticket.voided_at) return 'Refunded: it no longer admits.';
  if (ticket.used_at) return 'Already admitted at the gate.';
  return null;
}

/** What the desk says once the server answered (docs/decisions/039). */
export function holderResultNotice(answer: TicketHolderAnswer): string {
  const name = `${answer.ticket.holder.first_name} ${answer.ticket.holder.last_name}`;
  if (!answer.reissued) return `The ticket already carries the name ${name}: nothing was changed or sent.`;
  return `Ticket re-issued for ${name}: its new code ends …${answer.ticket.code_suffix}, and the old QR code no longer admits.${
    answer.email_queued ? ' The buyer is e-mailed the corrected tickets.' : ''
  }`;
}

function holderOf(ticket: DeskTicket, order: DeskOrderAnswer): HolderName {
  return ticket.holder ?? { first_name: order.buyer.first_name, last_name: order.buyer.last_name };
}

export interface TicketHolderDialogProps {
  org: string;
  order: DeskOrderAnswer;
  ticket: DeskTicket;
  isOpen: boolean;
  onClose: () => void;
  onCorrected: (answer: TicketHolderAnswer) => void;
}

/**
 * Correct the name on a ticket: first and last name, checked as the checkout checks them, then re-issued by the
 * server (a new code and QR; the old one stops admitting; the buyer is e-mailed). A second press while one is
 * under way is ignored; the server answers the same name again without a second re-issue anyway.
 */
export function TicketHolderDialog({ org, order, ticket, isOpen, onClose, onCorrected }: TicketHolderDialogProps) {
  const queryClient = useQueryClient();
  const current = holderOf(ticket, order);
  const [name, setName] = useState<HolderName>(current);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { problems, setProblems, isBusy, sendOnce } = useSingleSend();

  function edit(field: Field, value: string) {
    setName((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  function check(): HolderName | null {
    const result = HolderNameSchema.safeParse(name);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const found: Partial<Record<Field, string>> = {};
    for (const issue of result.error.issues) {
      const key = issue.path[0];
      if (key === 'first_name' || key === 'last_name') found[key] ??= issue.message;
    }
    setErrors(found);
    return null;
  }

  async function send() {
    await sendOnce(check, async (body) => {
      try {
        const answer = await correctTicketHolder(org, order.booking_id, ticket.id, body);
        onCorrected(answer);
        void queryClient.invalidateQueries({ queryKey: organiserKeys.order(org, order.booking_id) });
      } catch (error) {
        setProblems(
          placeServerErrors(
            error,
            (key) => (key === 'first_name' || key === 'last_name' ? key : null),
            (field, message) => setErrors((previous) => ({ ...previous, [field]: message })),
          ),
        );
        // Admitted or refunded meanwhile: the page catches up with the ticket.
        if (isApiError(error, 'ticket_already_used', 'ticket_already_voided')) {
          void queryClient.invalidateQueries({ queryKey: organiserKeys.order(org, order.booking_id) });
        }
      }
    });
  }

  return (
    <ActionDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Correct the name on a ticket"
      confirmLabel="Re-issue the ticket"
      busyLabel="Re-issuing…"
      isBusy={isBusy}
      problems={problems}
      onConfirm={() => void send()}
    >
      <p>
        {ticket.package_name}
        {ticket.seat ? `, ${ticket.seat.label}` : ''} (ticket …{ticket.code_suffix}), now in the name of{' '}
        <strong>{`${current.first_name} ${current.last_name}`}</strong>.
      </p>
      <p>
        The ticket gets a new QR code with the new name: the old one stops admitting at once, and the buyer is e-mailed
        the corrected tickets.
      </p>
      <TextField
        label="First name"
        autoComplete="off"
        maxLength={60}
        error={errors.first_name}
        value={name.first_name}
        onChange={(change) => edit('first_name', change.target.value)}
      />
      <TextField
        label="Last name"
        autoComplete="off"
        maxLength={60}
        error={errors.last_name}
        value={name.last_name}
        onChange={(change) => edit('last_name', change.target.value)}
      />
    </ActionDialog>
  );
}

/** "Correct name" beside a ticket on the order's page: opens the dialog; says why not for a ticket that cannot. */
export function TicketHolderAction({
  org,
  order,
  ticket,
  onDone,
}: {
  org: string;
  order: DeskOrderAnswer;
  ticket: DeskTicket;
  onDone: (notice: string) => void;
}) {
  const [opening, setOpening] = useState(0);
  const [isOpen, setIsOpen] = useState(false);
  const locked = holderLockedReason(ticket);
  if (locked) return null;
  return (
    <>
      <Button
        variant="secondary"
        aria-haspopup="dialog"
        aria-label={`Correct name on ticket …${ticket.code_suffix}`}
        onClick={() => {
          setOpening((count) => count + 1);
          setIsOpen(true);
        }}
      >
        Correct name
      </Button>
      {opening > 0 ? (
        <TicketHolderDialog
          key={opening}
          org={org}
          order={order}
          ticket={ticket}
          isOpen={isOpen}
          onClose={() => setIsOpen(false)}
          onCorrected={(answer) => {
            setIsOpen(false);
            onDone(holderResultNotice(answer));
          }}
        />
      ) : null}
    </>
  );
}
