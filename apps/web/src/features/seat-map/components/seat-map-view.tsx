import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { EventDetail, TicketPackage } from '@marquee/domain/catalog';
import { formatMoney } from '@marquee/domain/money';
import {
  MAX_TICKETS_PER_ORDER,
  remainingAllowance,
  selectionLines,
  selectionSubtotal,
  withPackageCount,
  withSeatToggled,
  type Selection,
} from '@marquee/domain/selection';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSeatMap } from '../api/get-seat-map';
import { useTakenSeats } from '../api/get-seat-states';
import {
  buildSeatModel,
  hasSeatMap,
  isPackageOpen,
  seatLabel,
  seatName,
  seatState,
  type SeatModel,
  type SeatState,
  type VenueSeatMap,
  companionRingsPath,
  wheelchairMarksPath,
} from '../lib/seat-model';
import {
  ACCESS_MARK,
  RESERVED_FILL,
  SELECTED_FILL,
  UNAVAILABLE_FILL,
  UNAVAILABLE_STROKE,
  packageFill,
} from '../lib/palette';
import { GenericSeatMap } from './generic-seat-map';
import { LotusSeatMap } from './lotus-seat-map';
import { SeatList } from './seat-list';

export interface SeatMapViewProps {
  event: EventDetail;
  selection: Selection;
  onSelectionChange(next: Selection): void;
  onBack(): void;
  onContinue(): void;
  /**
   * True while this tab has a saved order (on hold) for the event: its seats are the selection's, so
   * seeing them taken is no news, and they stay selected instead of being dropped.
   */
  isSelectionHeld?: boolean;
}

/** Until the live seat states arrive, nothing is reserved: the map is drawn without waiting for them. */
const NO_RESERVED_SEATS: ReadonlySet<string> = new Set();
export const INFO_POPUP_MS = 5000;

/** Step 2 on a venue with a seat map (spec 2 "Seat-map view"). */
export function SeatMapView({ isSelectionHeld = false, ...props }: SeatMapViewProps) {
  const query = useSeatMap(props.event.uid);
  // Asked for alongside the map, never waited for: seats others hold are painted when the answer comes.
  const seatStates = useTakenSeats(props.event.uid);
  // A query's answer re-renders at once, in one task; a map of 20,000 seats is instead drawn in a background
  // render that gives the main thread back between parts. (The taken seats redraw only their own paths.)
  const seatMap = useDeferredValue(query.data);
  const taken = seatStates.data;
  const heldSeats = isSelectionHeld ? props.selection.seats : null;
  const reservedSeatIds = useMemo(() => {
    if (!taken) return NO_RESERVED_SEATS;
    const ids = new Set(taken);
    for (const id of heldSeats ?? []) ids.delete(id);
    return ids;
  }, [taken, heldSeats]);
  const liveState: SeatStatesStatus = taken
    ? seatStates.isError
      ? 'stale'
      : 'live'
    : seatStates.isError
      ? 'unknown'
      : 'loading';

  if (query.isPending || (query.isSuccess && seatMap === undefined)) {
    return (
      <div aria-busy="true" aria-label="Loading the seat map" className="flex flex-col gap-3">
        <Skeleton className="h-96 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="The seat map could not be loaded"
        message="Check your connection and try again."
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (seatMap === undefined || !hasSeatMap(seatMap)) {
    // The route shows the seat map only for venues with one; a map removed since the event loaded lands here.
    return (
      <ErrorState
        title="This venue has no seat map any more"
        message="Reload the page to pick tickets from the ticket list."
        onRetry={() => window.location.reload()}
      />
    );
  }
  return (
    <SeatMapPanel {...props} seatMap={seatMap} reservedSeatIds={reservedSeatIds} seatStatesStatus={liveState} />
  );
}

/**
 * Where the live seat states stand: `loading` (none yet), `live`, `stale` (the last answer, the latest
 * poll failed) or `unknown` (none could be had: nothing shows as reserved).
 */
export type SeatStatesStatus = 'loading' | 'live' | 'stale' | 'unknown';

export interface SeatMapPanelProps extends Omit<SeatMapViewProps, 'isSelectionHeld'> {
  seatMap: VenueSeatMap;
  /** Seats others have taken (sold, or held by an order): shown as reserved, dropped from the selection. */
  reservedSeatIds: ReadonlySet<string>;
  seatStatesStatus?: SeatStatesStatus;
}

type Notice = { kind: 'info' | 'limit' | 'unavailable'; text: string } | null;

function takenText(model: SeatModel, lost: readonly string[]): string {
  const names = lost.map((id) => {
    const i = model.indexOf(id);
    return i === undefined ? `seat ${id}` : seatName(model, i);
  });
  const verb = lost.length === 1 ? 'was' : 'were';
  return `${seatsSubject(names)} ${verb} just taken by someone else and removed from your selection.`;
}

/** "Seat 4 in row B of Stalls", "Seat 4 in row B of Stalls and seat 5 in row B of Stalls": a sentence's subject. */
function seatsSubject(names: string[]): string {
  const joined = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}

/** The loaded view: map, legend, table and navigation. */
export function SeatMapPanel({
  event,
  selection,
  onSelectionChange,
  onBack,
  onContinue,
  seatMap,
  reservedSeatIds,
  seatStatesStatus = 'live',
}: SeatMapPanelProps) {
  const model = useMemo(() => buildSeatModel(seatMap), [seatMap]);
  const packagesById = useMemo(() => new Map(event.ticket_packages.map((p) => [p.id, p])), [event.ticket_packages]);
  const selected = useMemo(() => new Set(selection.seats), [selection.seats]);
  const [notice, setNotice] = useState<Notice>(null);
  const [showList, setShowList] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const showNotice = useCallback((next: Exclude<Notice, null>) => {
    clearTimeout(timer.current);
    setNotice(next);
    timer.current = setTimeout(() => setNotice(null), INFO_POPUP_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A chosen seat that someone else took meanwhile (the live states, or a selection kept from before a
  // reload) leaves the selection, and the buyer is told which one; the notice stays until dismissed.
  const lost = useMemo(
    () => selection.seats.filter((id) => reservedSeatIds.has(id)),
    [selection.seats, reservedSeatIds],
  );
  const [takenNotice, setTakenNotice] = useState<string | null>(null);
  const [noticedLost, setNoticedLost] = useState<readonly string[]>([]);
  if (lost.length !== noticedLost.length || lost.some((id, i) => id !== noticedLost[i])) {
    // Adjusting state to new props during render (react.dev "You might not need an effect").
    setNoticedLost(lost);
    if (lost.length > 0) setTakenNotice(takenText(model, lost));
  }
  useEffect(() => {
    if (lost.length === 0) return;
    onSelectionChange({ ...selection, seats: selection.seats.filter((id) => !lost.includes(id)) });
  }, [lost, selection, onSelectionChange]);

  const packageOfSeat = useCallback(
    (id: string) => {
      const i = model.indexOf(id);
      return i === undefined ? undefined : model.packageIdOf[i];
    },
    [model],
  );

  const stateOf = useCallback(
    (index: number): SeatState =>
      seatState(model.packageIdOf[index], model.seats[index]!.id, packagesById, selected, reservedSeatIds),
    [model, packagesById, selected, reservedSeatIds],
  );

  const describeSeat = useCallback(
    (index: number, state: SeatState) => {
      const packageId = model.packageIdOf[index];
      return seatLabel(model, index, event, packageId === undefined ? undefined : packagesById.get(packageId), state);
    },
    [model, event, packagesById],
  );

  const activateSeat = useCallback(
    (index: number) => {
      const seat = model.seats[index]!;
      const state = stateOf(index);
      if (state === 'selected') {
        onSelectionChange(withSeatToggled(selection, seat.id));
        return;
      }
      if (state === 'reserved') {
        showNotice({
          kind: 'unavailable',
          text: `${seatsSubject([seatName(model, index)])} is already taken. Please choose another seat.`,
        });
        return;
      }
      if (state === 'unavailable') {
        showNotice({ kind: 'unavailable', text: `${seatsSubject([seatName(model, index)])} is not on sale.` });
        return;
      }
      const pkg = packagesById.get(model.packageIdOf[index]!)!;
      if (pkg.free_seating) {
        showNotice({
          kind: 'info',
          text: `Seats in ${pkg.name} are not numbered: choose how many tickets in the table below.`,
        });
        return;
      }
      const seatsOfPackage = selection.seats.filter((id) => packageOfSeat(id) === pkg.id).length;
      if (remainingAllowance(pkg, selection, seatsOfPackage) <= 0) {
        showNotice({ kind: 'limit', text: limitText(pkg, selection) });
        return;
      }
      onSelectionChange(withSeatToggled(selection, seat.id));
    },
    [model, stateOf, packagesById, selection, onSelectionChange, showNotice, packageOfSeat],
  );

  const lines = selectionLines(event, selection, packageOfSeat);
  const total = selectionSubtotal(lines);
  const nothingChosen = lines.length === 0;
  const usedClasses = new Set(seatMap.packages.map((p) => p.color_class));
  const legendPackages = event.ticket_packages.filter((p) => usedClasses.has(p.color_class));

  const layoutProps = {
    model,
    packagesById,
    selected,
    reservedSeatIds,
    hasLiveSeatStates: seatStatesStatus === 'live' || seatStatesStatus === 'stale',
    onSeatActivate: activateSeat,
    describeSeat,
  };
  return (
    <section aria-labelledby="seat-map-heading" className="flex flex-col gap-6">
      <h2 id="seat-map-heading" className="text-xl font-bold text-slate-900">
        Choose your seats
      </h2>
      <Legend
        packages={legendPackages}
        event={event}
        hasWheelchairSpaces={model.accessible.wheelchair.length > 0}
        hasCompanionSeats={model.accessible.companion.length > 0}
      />
      {model.map.type === 'lotus' ? (
        <LotusSeatMap {...layoutProps} map={model.map} />
      ) : (
        <GenericSeatMap {...layoutProps} map={model.map} />
      )}
      <SeatStatesNote status={seatStatesStatus} />
      <div className="flex flex-col gap-2">
        <div role="alert">
          {takenNotice && (
            <div className="flex items-start justify-between gap-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-950">
              <p>{takenNotice}</p>
              <button
                type="button"
                className="min-h-9 shrink-0 rounded px-2 font-semibold underline"
                onClick={() => setTakenNotice(null)}
              >
                Dismiss
              </button>
            </div>
          )}
        </div>
        <div role="status" aria-live="polite" className="min-h-6">
          {notice && (
            <p
              className={`rounded-lg border px-3 py-2 text-sm ${notice.kind === 'info' ? 'border-sky-300 bg-sky-50 text-sky-900' : 'border-amber-300 bg-amber-50 text-amber-900'}`}
            >
              {notice.text}
            </p>
          )}
        </div>
      </div>
      <div>
        <Button variant="secondary" size="sm" aria-expanded={showList} onClick={() => setShowList((v) => !v)}>
          {showList ? 'Hide the seat list' : 'Choose seats from a list'}
        </Button>
        {showList && (
          <SeatList model={model} stateOf={stateOf} describeSeat={describeSeat} onSeatActivate={activateSeat} />
        )}
      </div>
      <SelectionTable
        event={event}
        selection={selection}
        onSelectionChange={onSelectionChange}
        lines={lines}
        total={total}
        packageOfSeat={packageOfSeat}
      />
      <div className="flex flex-wrap justify-between gap-3">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onContinue} disabled={nothingChosen}>
          Continue
        </Button>
      </div>
    </section>
  );
}

/** Says so when the map cannot show which seats are taken; silent while all is well. */
function SeatStatesNote({ status }: { status: SeatStatesStatus }) {
  if (status !== 'unknown' && status !== 'stale') return null;
  return (
    <p className="text-sm text-slate-600">
      {status === 'unknown'
        ? 'We could not check which seats are already taken. We keep trying; a taken seat is refused at checkout.'
        : 'Seat availability may be out of date: we could not refresh it just now and keep trying.'}
    </p>
  );
}

function limitText(pkg: TicketPackage, selection: Selection): string {
  const inOrder = Object.values(selection.packages).reduce((a, b) => a + b, 0) + selection.seats.length;
  if (inOrder >= MAX_TICKETS_PER_ORDER) return `An order holds at most ${MAX_TICKETS_PER_ORDER} tickets.`;
  return `You can choose at most ${Math.min(pkg.max_per_order, pkg.available_seats)} tickets in ${pkg.name}.`;
}

/** A seat in the legend's grey, with the map's own mark: what sets accessible places apart is the mark. */
const ACCESS_SWATCH_FILL = '#475569';
const SWATCH_SEAT = [{ x: 9, y: 9 }];

function Swatch({
  fill,
  stroke,
  check = false,
  mark,
}: {
  fill: string;
  stroke?: string;
  check?: boolean;
  mark?: 'wheelchair' | 'companion';
}) {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" className="shrink-0">
      <circle cx="9" cy="9" r="7" fill={fill} stroke={stroke ?? 'none'} strokeWidth={stroke ? 1.5 : 0} />
      {check && <path d="M5.5 9l2.5 2.5 4.5-5" fill="none" stroke="#FFFFFF" strokeWidth="2" strokeLinecap="round" />}
      {mark && (
        <path
          d={mark === 'wheelchair' ? wheelchairMarksPath(SWATCH_SEAT, [0], 7) : companionRingsPath(SWATCH_SEAT, [0], 7)}
          fill="none"
          stroke={ACCESS_MARK}
          strokeWidth={mark === 'wheelchair' ? 1.2 : 1.4}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}

function Legend({
  packages,
  event,
  hasWheelchairSpaces,
  hasCompanionSeats,
}: {
  packages: TicketPackage[];
  event: EventDetail;
  hasWheelchairSpaces: boolean;
  hasCompanionSeats: boolean;
}) {
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
      {packages.map((p) => (
        <li key={p.id} className="flex items-center gap-2">
          <Swatch
            fill={isPackageOpen(p) ? packageFill(p.color_class) : UNAVAILABLE_FILL}
            stroke={isPackageOpen(p) ? undefined : UNAVAILABLE_STROKE}
          />
          <span>
            {p.name} · {event.free_event ? 'Free' : formatMoney(p.price, event.currency)}
            {p.free_seating ? ' · free seating' : ''}
            {!isPackageOpen(p) ? ` · ${p.sold_out ? 'sold out' : 'unavailable'}` : ''}
          </span>
        </li>
      ))}
      <li className="flex items-center gap-2">
        <Swatch fill={SELECTED_FILL} check /> Selected
      </li>
      <li className="flex items-center gap-2">
        <Swatch fill={RESERVED_FILL} /> Reserved
      </li>
      <li className="flex items-center gap-2">
        <Swatch fill={UNAVAILABLE_FILL} stroke={UNAVAILABLE_STROKE} /> Unavailable
      </li>
      {hasWheelchairSpaces && (
        <li className="flex items-center gap-2">
          <Swatch fill={ACCESS_SWATCH_FILL} mark="wheelchair" /> Wheelchair space
        </li>
      )}
      {hasCompanionSeats && (
        <li className="flex items-center gap-2">
          <Swatch fill={ACCESS_SWATCH_FILL} mark="companion" /> Companion seat
        </li>
      )}
    </ul>
  );
}

interface SelectionTableProps {
  event: EventDetail;
  selection: Selection;
  onSelectionChange(next: Selection): void;
  lines: ReturnType<typeof selectionLines>;
  total: number;
  packageOfSeat(id: string): number | undefined;
}

/** Spec columns: Category, Price, No. of Tickets, Amount, and a Total row; counters for free-seating packages. */
function SelectionTable({ event, selection, onSelectionChange, lines, total, packageOfSeat }: SelectionTableProps) {
  const money = (minor: number) => (event.free_event ? 'Free' : formatMoney(minor, event.currency));
  const rows = event.ticket_packages.filter((p) => p.free_seating || lines.some((l) => l.packageId === p.id));
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">Your tickets</caption>
      <thead>
        <tr className="border-b border-slate-300 text-left">
          <th scope="col" className="py-2">
            Category
          </th>
          <th scope="col" className="py-2">
            Price
          </th>
          <th scope="col" className="py-2">
            No. of Tickets
          </th>
          <th scope="col" className="py-2 text-right">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((p) => {
          const line = lines.find((l) => l.packageId === p.id);
          const count = line?.count ?? 0;
          const price = event.free_event ? 0 : p.price;
          const counted = selection.packages[String(p.id)] ?? 0;
          const seatsOfPackage = selection.seats.filter((id) => packageOfSeat(id) === p.id).length;
          const canAdd = isPackageOpen(p) && remainingAllowance(p, selection, seatsOfPackage) > 0;
          return (
            <tr key={p.id} className="border-b border-slate-200">
              <th scope="row" className="py-2 text-left font-medium">
                {p.name}
                {line && line.seats.length > 0 && (
                  <span className="block text-xs font-normal text-slate-600">Seats {line.seats.join(', ')}</span>
                )}
                {!isPackageOpen(p) && (
                  <span className="block text-xs font-normal text-slate-600">
                    {p.message ?? (p.sold_out ? 'Sold out' : 'Unavailable')}
                  </span>
                )}
              </th>
              <td className="py-2">{money(price)}</td>
              <td className="py-2">
                {p.free_seating ? (
                  <span className="inline-flex items-center gap-2">
                    <button
                      type="button"
                      className="min-h-9 min-w-9 rounded border border-slate-300 disabled:opacity-40"
                      aria-label={`Remove a ${p.name} ticket`}
                      disabled={counted === 0}
                      onClick={() => onSelectionChange(withPackageCount(selection, p.id, counted - 1))}
                    >
                      −
                    </button>
                    <span aria-live="polite" aria-label={`${count} ${p.name} tickets`}>
                      {count}
                    </span>
                    <button
                      type="button"
                      className="min-h-9 min-w-9 rounded border border-slate-300 disabled:opacity-40"
                      aria-label={`Add a ${p.name} ticket`}
                      disabled={!canAdd}
                      onClick={() => onSelectionChange(withPackageCount(selection, p.id, counted + 1))}
                    >
                      +
                    </button>
                  </span>
                ) : (
                  count
                )}
              </td>
              <td className="py-2 text-right">{money(price * count)}</td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3} className="py-2 text-left">
            Total
          </th>
          <td className="py-2 text-right font-bold" data-testid="selection-total">
            {money(total)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
