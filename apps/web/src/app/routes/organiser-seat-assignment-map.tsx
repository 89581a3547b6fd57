import { useCallback, useMemo, useRef, type KeyboardEvent } from 'react';
import type { TicketPackage } from '@marquee/domain/catalog';
import type { LotusSeatMap } from '@marquee/domain/seat-map';
import type { SeatAssignmentMapProps } from '../../features/organiser/components/console-services';
import { GenericSeatMap } from '../../features/seat-map/components/generic-seat-map';
import { SeatMapSurface } from '../../features/seat-map/components/seat-map-surface';
import { buildSeatModel, type SeatModel } from '../../features/seat-map/lib/seat-model';
import { UNAVAILABLE_STROKE, UNAVAILABLE_STROKE_DOT, packageFill } from '../../features/seat-map/lib/palette';

const countFormat = new Intl.NumberFormat('en-GB');

const NO_SEATS: ReadonlySet<string> = new Set();

/** A package as the renderer colours it: open, so its seats show in its colour (nothing is for sale here). */
function colouredPackage({ id, name, color_class }: SeatAssignmentMapProps['packages'][number]): TicketPackage {
  return {
    id,
    name,
    description: '',
    price: 0,
    reserved_seats: 0,
    available_seats: 0,
    free_seating: false,
    color_class,
    active: true,
    message: null,
    sold_out: false,
    max_per_order: 1,
  };
}

/** The round stage of a special (lotus) layout: where the seats face, which is all assigning them needs. */
function LotusStage({ map }: { map: LotusSeatMap }) {
  return (
    <g aria-hidden="true">
      <circle cx={map.center.x} cy={map.center.y} r={map.stage.radius} fill="#1E1B4B" />
      <text
        x={map.center.x}
        y={map.center.y}
        textAnchor="middle"
        dominantBaseline="middle"
        fill="#FFFFFF"
        fontSize={Math.min(map.stage.radius * 0.4, 40)}
        fontWeight={700}
      >
        {map.stage.label}
      </text>
    </g>
  );
}

/**
 * The venue's map for seat assignment, drawn by the buyer's renderer (features/seat-map): every seat in the
 * colour of the package that owns it (the chosen package's as it is being edited), grey when no package has
 * it. The seats are a few paths per colour, redrawn per change; the seat list and its look-ups are built once
 * per map and shared by every redraw.
 *
 * The renderer keeps the keyboard's seat to itself and asks `describeSeat` for that seat's words whenever it
 * moves: that call is how R and S (the row, the section) know which seat the keyboard is on.
 */
export function SeatAssignmentMap({
  map,
  packages,
  owners,
  chosen,
  onSeatActivate,
  describeSeat,
  onGroupActivate,
}: SeatAssignmentMapProps) {
  const base = useMemo(() => buildSeatModel({ seat_map: map, packages: [] }), [map]);
  const packagesById = useMemo(() => new Map(packages.map((pkg) => [pkg.id, colouredPackage(pkg)])), [packages]);
  const { model, counts } = useMemo(() => {
    const { seats } = base;
    const packageIdOf = new Array<number | undefined>(seats.length);
    const perPackage = new Map<number | undefined, number>();
    for (let i = 0; i < seats.length; i++) {
      const id = seats[i]!.id;
      const owner = chosen?.seatIds.has(id) ? chosen.id : owners.get(id);
      packageIdOf[i] = owner;
      perPackage.set(owner, (perPackage.get(owner) ?? 0) + 1);
    }
    // The same seats, index and grid (the closures are shared): only who owns each seat is new.
    const next: SeatModel = { ...base, packageIdOf };
    return { model: next, counts: perPackage };
  }, [base, owners, chosen]);

  const focusedSeat = useRef<string | null>(null);
  const describe = useCallback(
    (index: number) => {
      const id = base.seats[index]?.id ?? '';
      focusedSeat.current = id;
      return describeSeat(id);
    },
    [base, describeSeat],
  );
  const activate = useCallback(
    (index: number) => {
      const id = base.seats[index]?.id;
      if (id !== undefined) onSeatActivate(id);
    },
    [base, onSeatActivate],
  );

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!onGroupActivate || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    const seatId = focusedSeat.current;
    if ((key !== 'r' && key !== 's') || !seatId) return;
    event.preventDefault();
    onGroupActivate(seatId, key === 'r' ? 'row' : 'section');
  }

  const props = {
    model,
    packagesById,
    selected: NO_SEATS,
    reservedSeatIds: NO_SEATS,
    hasLiveSeatStates: false,
    onSeatActivate: activate,
    describeSeat: describe,
  };
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Colours on the map" className="flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-900">
        {packages.map((pkg) => (
          <li key={pkg.id} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block size-4 rounded-full"
              style={{ backgroundColor: packageFill(pkg.color_class) }}
            />
            <span className={chosen?.id === pkg.id ? 'font-semibold' : ''}>
              {pkg.name}: {countFormat.format(counts.get(pkg.id) ?? 0)}
            </span>
          </li>
        ))}
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block size-4 rounded-full border"
            style={{ backgroundColor: UNAVAILABLE_STROKE_DOT, borderColor: UNAVAILABLE_STROKE }}
          />
          No package: {countFormat.format(counts.get(undefined) ?? 0)}
        </li>
      </ul>
      {/* The map's keys (arrows, Space, + and −) are the renderer's; R and S bubble up to here. */}
      <div onKeyDown={onKeyDown}>
        {map.type === 'generic' ? (
          <GenericSeatMap map={map} {...props} />
        ) : (
          <SeatMapSurface {...props} background={<LotusStage map={map} />} title="Venue" />
        )}
      </div>
    </div>
  );
}
