import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { BestAvailableRequest } from '@marquee/domain/best-available';
import { MAX_BEST_AVAILABLE_RETRIES } from '@marquee/domain/best-available';
import type { EventDetail, EventSeatMap } from '@marquee/domain/catalog';
import { formatMoney } from '@marquee/domain/money';
import type { Selection } from '@marquee/domain/selection';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { bestAvailableOptions, type BestAvailableOption } from '../lib/best-available-options';

/** The request, and the chosen section's name for the order summary (null: any section). */
export interface BestAvailableFormValue {
  request: BestAvailableRequest;
  sectionName: string | null;
}

export interface BestAvailablePanelProps {
  event: EventDetail;
  /** The event's seat map (the route's query, shared with the map); undefined while it loads. */
  seatMap: EventSeatMap | undefined;
  isError: boolean;
  selection: Selection;
  /** What the buyer asked for last time, to start from. */
  initial: BestAvailableFormValue | null;
  /** "Find seats": on to checkout with this request instead of the seats picked on the map. */
  onFindSeats: (value: BestAvailableFormValue) => void;
  /**
   * For the packages it cannot offer because they are sold out: the route's waitlist (issue 23), under the form.
   * Left out when none is sold out.
   */
  soldOutAction?: ReactNode;
}

const FIELD_CLASS =
  'min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700';

interface FormState {
  packageId: number;
  section: string;
  quantity: number;
  accessible: boolean;
}

/** The form's values fitted to the package: a section it has, a quantity it allows, a wheelchair space it has. */
function fitted(state: FormState, options: readonly BestAvailableOption[]): FormState | null {
  const option = options.find((candidate) => candidate.ticketPackage.id === state.packageId) ?? options[0];
  if (!option) return null;
  const section = option.sections.find((candidate) => candidate.id === state.section);
  const hasWheelchair = section ? section.hasWheelchair : option.hasWheelchair;
  return {
    packageId: option.ticketPackage.id,
    section: section?.id ?? '',
    quantity: Math.min(Math.max(1, state.quantity), option.maxQuantity),
    accessible: hasWheelchair && state.accessible,
  };
}

/**
 * Step 2 of a seated event, beside the map (issue 24): "Best available" asks for a number of seats of a package
 * (in a section, with a wheelchair space) instead of picking them. The server picks and holds the best group
 * still free when the order is saved. Native controls, each labelled, so it works by keyboard and screen reader.
 */
export function BestAvailablePanel({
  event,
  seatMap,
  isError,
  selection,
  initial,
  onFindSeats,
  soldOutAction,
}: BestAvailablePanelProps) {
  const headingId = useId();
  const ids = { package: useId(), section: useId(), quantity: useId(), quantityHint: useId(), note: useId() };
  const options = useMemo(
    () => (seatMap ? bestAvailableOptions(event, seatMap, selection) : []),
    [event, seatMap, selection],
  );
  const [draft, setDraft] = useState<FormState>(() => ({
    packageId: initial?.request.package_id ?? 0,
    section: initial?.request.section ?? '',
    quantity: initial?.request.quantity ?? 2,
    accessible: initial?.request.accessible ?? false,
  }));

  // The map reports the error (with Try again); without it, there is nothing to offer here.
  if (isError) return null;
  const heading = (
    <h2 id={headingId} className="text-xl font-bold text-slate-900">
      Best available seats
    </h2>
  );
  if (!seatMap) {
    return (
      <section aria-labelledby={headingId} aria-busy="true" className="flex flex-col gap-3">
        {heading}
        <Skeleton className="h-32 w-full" />
      </section>
    );
  }
  const state = fitted(draft, options);
  if (state === null) {
    return (
      <section
        aria-labelledby={headingId}
        className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
      >
        {heading}
        <p className="text-slate-700">
          No numbered seats are left to pick for you. You can still look on the map below.
        </p>
        {soldOutAction}
      </section>
    );
  }
  const option = options.find((candidate) => candidate.ticketPackage.id === state.packageId)!;
  const section = option.sections.find((candidate) => candidate.id === state.section);
  const canAskWheelchair = section ? section.hasWheelchair : option.hasWheelchair;
  const money = (minor: number) => (event.free_event ? 'Free' : formatMoney(minor, event.currency));
  const mapSeats = selection.seats.length;

  function onSubmit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (!state) return;
    onFindSeats({
      request: {
        package_id: state.packageId,
        quantity: state.quantity,
        ...(state.section ? { section: state.section } : {}),
        accessible: state.accessible,
      },
      sectionName: section?.name ?? null,
    });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="best-available-panel"
    >
      {heading}
      <p className="text-slate-700">
        Tell us what you need and we pick the best seats still free, side by side. You see where they are before you
        pay, and can try other seats up to {MAX_BEST_AVAILABLE_RETRIES} times.
      </p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.package} className="text-sm font-semibold text-slate-900">
              Package
            </label>
            <select
              id={ids.package}
              className={FIELD_CLASS}
              value={state.packageId}
              onChange={(changeEvent) => setDraft({ ...state, packageId: Number(changeEvent.target.value) })}
            >
              {options.map(({ ticketPackage }) => (
                <option key={ticketPackage.id} value={ticketPackage.id}>
                  {ticketPackage.name} · {money(ticketPackage.price)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            {/* Not "Section": the seat list below has a "Section" control of its own. */}
            <label htmlFor={ids.section} className="text-sm font-semibold text-slate-900">
              Preferred section
            </label>
            <select
              id={ids.section}
              className={FIELD_CLASS}
              value={state.section}
              onChange={(changeEvent) => setDraft({ ...state, section: changeEvent.target.value })}
            >
              <option value="">Any section</option>
              {option.sections.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.quantity} className="text-sm font-semibold text-slate-900">
              Number of seats
            </label>
            <select
              id={ids.quantity}
              className={FIELD_CLASS}
              value={state.quantity}
              aria-describedby={ids.quantityHint}
              onChange={(changeEvent) => setDraft({ ...state, quantity: Number(changeEvent.target.value) })}
            >
              {Array.from({ length: option.maxQuantity }, (_, i) => i + 1).map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
            <p id={ids.quantityHint} className="text-sm text-slate-700">
              Up to {option.maxQuantity} in {option.ticketPackage.name}.
            </p>
          </div>
        </div>
        {canAskWheelchair ? (
          <label className="flex items-start gap-3 text-slate-900">
            <input
              type="checkbox"
              checked={state.accessible}
              onChange={(changeEvent) => setDraft({ ...state, accessible: changeEvent.target.checked })}
              className="mt-1 size-5 shrink-0 accent-brand-700"
            />
            <span>
              I need a wheelchair space
              <span className="block text-sm text-slate-700">
                We find a wheelchair space with companion seats beside it for the rest of your group.
              </span>
            </span>
          </label>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Button type="submit" aria-describedby={ids.note}>
            Find seats
          </Button>
          <p id={ids.note} className="text-sm text-slate-700">
            {state.quantity} × {money(option.ticketPackage.price)}.{' '}
            {mapSeats > 0
              ? `This replaces the ${mapSeats === 1 ? 'seat' : `${mapSeats} seats`} you picked on the map.`
              : 'Your seats are picked and held when you save your order.'}
          </p>
        </div>
      </form>
      {soldOutAction}
    </section>
  );
}
