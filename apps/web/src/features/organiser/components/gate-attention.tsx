import { Button } from '../../../components/ui/button';
import type { AttentionItem } from '../lib/gate-store';

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : clock.format(date);
}

/**
 * Scans this phone admitted offline that the server refused when they were sent: the ticket was admitted at
 * another gate first, or voided since. The person is already inside; a steward may want to find them.
 */
export function GateAttention({
  items,
  onDismiss,
}: {
  items: readonly AttentionItem[];
  onDismiss: (id: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="gate-attention-heading"
      className="flex flex-col gap-3 rounded-2xl border-2 border-amber-400 bg-amber-50 p-4"
    >
      <h2 id="gate-attention-heading" className="text-xl font-semibold text-amber-950">
        Needs attention ({items.length})
      </h2>
      <p className="text-sm text-amber-950">Admitted here while offline, but the server says otherwise.</p>
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <li
            key={item.client_scan_id}
            className="flex flex-col gap-2 rounded-xl bg-white p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex flex-col text-sm text-slate-900">
              <span className="text-base font-semibold">{item.ticket.holder_name}</span>
              <span>
                {item.ticket.package_name}
                {item.ticket.seat ? ` · ${item.ticket.seat}` : ''} · admitted here at {when(item.scanned_at)}
              </span>
              <span className="font-medium">{item.message}</span>
            </div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onDismiss(item.client_scan_id)}
              aria-label={`Dismiss ${item.ticket.holder_name}`}
            >
              Dismiss
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
