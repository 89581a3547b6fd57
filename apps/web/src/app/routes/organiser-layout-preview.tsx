import { useMemo } from 'react';
import type { TicketPackage } from '@marquee/domain/catalog';
import { seatId, type GenericSeatMap as GenericLayout } from '@marquee/domain/seat-map';
import { GenericSeatMap } from '../../features/seat-map/components/generic-seat-map';
import { buildSeatModel, seatName } from '../../features/seat-map/lib/seat-model';

const NO_SEATS: ReadonlySet<string> = new Set();
const doNothing = () => undefined;

/** A package per section, only to colour it: the preview shows sections apart, in the map's own palette. */
function sectionPackage(index: number, name: string): TicketPackage {
  return {
    id: index + 1,
    name,
    description: '',
    price: 0,
    reserved_seats: 0,
    available_seats: 0,
    free_seating: false,
    color_class: index % 6,
    active: true,
    message: null,
    sold_out: false,
    max_per_order: 1,
  };
}

/**
 * The organiser's layout as buyers will see it, drawn by the buyer's own renderer (features/seat-map): the same
 * stage, labels, aisles and numbering. Nothing is for sale, so a seat is only focused and named, never chosen.
 */
export function LayoutPreview({ map }: { map: GenericLayout }) {
  const { model, packagesById } = useMemo(() => {
    const packages = map.sections.map((section, index) => ({
      id: index + 1,
      color_class: index % 6,
      seating_range: section.rows.flatMap((row) =>
        Array.from({ length: row.count }, (_, i) => seatId(section.id, row.label, row.firstNumber + i)),
      ),
    }));
    return {
      model: buildSeatModel({ seat_map: map, packages }),
      packagesById: new Map(map.sections.map((section, index) => [index + 1, sectionPackage(index, section.name)])),
    };
  }, [map]);
  return (
    <GenericSeatMap
      map={map}
      model={model}
      packagesById={packagesById}
      selected={NO_SEATS}
      reservedSeatIds={NO_SEATS}
      hasLiveSeatStates={false}
      onSeatActivate={doNothing}
      describeSeat={(index) => seatName(model, index)}
    />
  );
}
