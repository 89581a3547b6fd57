import { useId } from 'react';
import type { ConsoleEventAnswer } from '@marquee/domain/console';
import { formatMoney } from '@marquee/domain/money';
import type { PromoCodeAnswer } from '@marquee/domain/promotions-console';
import { Button } from '../../../components/ui/button';
import { undeletableReason } from '../lib/promotion-form';
import { formatInstantIn } from '../lib/report-display';
import { formatCount } from '../lib/venue-display';

export type PromotionAction = 'edit' | 'deactivate' | 'reactivate' | 'delete';

function discountText(code: PromoCodeAnswer, currency: ConsoleEventAnswer['currency']): string {
  return code.kind === 'percent' ? `${code.value}% off` : `${formatMoney(code.value, currency)} off`;
}

function windowText(code: PromoCodeAnswer, timeZone: string): string {
  const from = code.valid_from === null ? null : formatInstantIn(code.valid_from, timeZone);
  const to = code.valid_to === null ? null : formatInstantIn(code.valid_to, timeZone);
  if (from === null && to === null) return 'Always';
  if (from === null) return `Until ${to ?? ''}`;
  if (to === null) return `From ${from}`;
  return `${from} to ${to}`;
}

function packagesText(code: PromoCodeAnswer, event: ConsoleEventAnswer): string {
  if (code.package_ids.length === 0) return 'All packages';
  const names = new Map(event.packages.map((pkg) => [pkg.id, pkg.name]));
  return code.package_ids.map((id) => names.get(id) ?? `Package ${id}`).join(', ');
}

/**
 * One promo code as a card (it reads at 390 px as on a desk): its rule, its usage report (paid uses against its
 * limit, the paid orders with it, their tickets and the discount they were given), and, for `promo.write`, its
 * actions. A used code says why it cannot be deleted.
 */
export function PromotionCodeCard({
  code,
  event,
  currency,
  canWrite,
  busy,
  onAction,
}: {
  code: PromoCodeAnswer;
  event: ConsoleEventAnswer;
  currency: ConsoleEventAnswer['currency'];
  canWrite: boolean;
  /** An action of this code is under way: its buttons wait. */
  busy: boolean;
  onAction: (action: PromotionAction, code: PromoCodeAnswer) => void;
}) {
  const titleId = useId();
  const cannotDelete = undeletableReason(code);
  const facts: [string, string][] = [
    ['Discount', discountText(code, currency)],
    ['Uses', `${formatCount(code.used_count)}${code.max_uses === null ? '' : ` of ${formatCount(code.max_uses)}`}`],
    ['Orders', formatCount(code.usage.orders)],
    ['Tickets', formatCount(code.usage.tickets)],
    ['Discount given', formatMoney(code.usage.discount, currency)],
    ['Per e-mail', code.max_uses_per_email === null ? 'No limit' : formatCount(code.max_uses_per_email)],
    ['Valid', windowText(code, event.venue.time_zone)],
    ['Packages', packagesText(code, event)],
  ];
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="font-mono text-lg font-semibold break-all text-brand-950">
          {code.code}
        </h3>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${code.active ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800'}`}
        >
          {code.active ? 'Active' : 'Inactive'}
        </span>
        {code.auto_apply ? (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900">
            {code.active ? 'Applied automatically' : 'Auto-apply (when active)'}
          </span>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {facts.map(([term, value]) => (
          <div key={term} className="flex min-w-0 flex-col">
            <dt className="text-slate-600">{term}</dt>
            <dd className="font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {canWrite ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Change ${code.code}`}
            aria-disabled={busy || undefined}
            onClick={() => !busy && onAction('edit', code)}
          >
            Change
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${code.active ? 'Deactivate' : 'Reactivate'} ${code.code}`}
            aria-disabled={busy || undefined}
            onClick={() => !busy && onAction(code.active ? 'deactivate' : 'reactivate', code)}
          >
            {code.active ? 'Deactivate' : 'Reactivate'}
          </Button>
          {cannotDelete === null ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-800 hover:bg-red-50"
              aria-label={`Delete ${code.code}`}
              aria-disabled={busy || undefined}
              onClick={() => !busy && onAction('delete', code)}
            >
              Delete
            </Button>
          ) : (
            <p className="text-sm text-slate-700">Cannot be deleted: {cannotDelete}</p>
          )}
        </div>
      ) : null}
    </article>
  );
}
