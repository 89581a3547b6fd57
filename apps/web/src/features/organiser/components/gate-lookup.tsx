import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { GATE_LOOKUP_QUERY_MIN, type GateTicket } from '../api/gate-schemas';
import { problemMessage } from '../lib/problem-message';

const STATE_WORDS: Record<GateTicket['state'], string> = {
  valid: 'Not yet in',
  used: 'Already in',
  voided: 'Voided: do not admit',
};

interface GateLookupProps {
  /** The server's answer online, the phone's pack offline. */
  search: (query: string) => Promise<{ tickets: GateTicket[]; offline: boolean }>;
  /** Admit this ticket (a `ticket_code` scan). */
  onAdmit: (ticket: GateTicket) => void;
}

/**
 * Manual look-up at the door, for a ticket whose QR will not scan (a cracked screen, a smudged print): by the
 * holder's name or the Booking ID. A result shows a name, a package and a seat, as the scan does; "Admit"
 * sends it as a scan of its code, decided like any other.
 */
export function GateLookup({ search, onAdmit }: GateLookupProps) {
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [answer, setAnswer] = useState<{ query: string; tickets: GateTicket[]; offline: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = query.trim();
    if (text.length < GATE_LOOKUP_QUERY_MIN) {
      setError(`Type at least ${GATE_LOOKUP_QUERY_MIN} letters of the name, or the Booking ID.`);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      setAnswer({ query: text, ...(await search(text)) });
    } catch (failure) {
      setError(problemMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="gate-lookup-heading" className="flex flex-col gap-3">
      <h2 id="gate-lookup-heading" className="text-xl font-semibold text-brand-950">
        Look up a ticket
      </h2>
      <form role="search" noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
        <TextField
          type="search"
          label="Name or Booking ID"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          error={error}
          autoComplete="off"
          enterKeyHint="search"
        />
        <Button type="submit" variant="secondary" className="self-start" aria-disabled={busy || undefined}>
          {busy ? 'Looking…' : 'Look up'}
        </Button>
      </form>
      {answer ? (
        <div role="status" className="flex flex-col gap-2">
          <p className="text-sm text-slate-700">
            {answer.tickets.length === 0
              ? `No ticket on this list matches “${answer.query}”.`
              : `${answer.tickets.length} ${answer.tickets.length === 1 ? 'ticket' : 'tickets'} for “${answer.query}”`}
            {answer.offline ? ' (searched on this phone: offline)' : ''}
          </p>
          {answer.tickets.length > 0 ? (
            <ul aria-label="Tickets found" className="flex flex-col gap-2">
              {answer.tickets.map((ticket) => (
                <li
                  key={ticket.code}
                  className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex flex-col">
                    <span className="font-semibold text-slate-900">{ticket.holder_name}</span>
                    <span className="text-sm text-slate-700">
                      {ticket.package_name}
                      {ticket.seat ? ` · ${ticket.seat}` : ''} · {STATE_WORDS[ticket.state]}
                    </span>
                  </div>
                  {ticket.state === 'valid' ? (
                    <Button
                      onClick={() => onAdmit(ticket)}
                      aria-label={`Admit ${ticket.holder_name}, ${ticket.package_name}`}
                    >
                      Admit
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
