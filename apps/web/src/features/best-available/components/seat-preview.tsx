import { useMemo } from 'react';
import { expandSeatMap, type SeatMap } from '@marquee/domain/seat-map';

const SEAT_FILL = '#CBD5E1';
const MARK_FILL = '#B45309';
const STAGE_FILL = '#1E1B4B';

/** Half the smallest distance between neighbouring seats of a row: how big a seat can be drawn. */
function seatRadius(seats: readonly { row: string; section: string; x: number; y: number }[]): number {
  let min = Infinity;
  for (let i = 1; i < seats.length; i++) {
    const a = seats[i - 1]!;
    const b = seats[i]!;
    if (a.row !== b.row || a.section !== b.section) continue;
    const distance = Math.hypot(b.x - a.x, b.y - a.y);
    if (distance > 0) min = Math.min(min, distance);
  }
  return Number.isFinite(min) ? Math.max(min * 0.42, 0.5) : 4;
}

export interface SeatPreviewProps {
  seatMap: SeatMap;
  seatIds: readonly string[];
  /** Read out for the picture, "Stalls, row B, seats 4 and 5". */
  description: string;
}

/**
 * A small read-only picture of the venue with some seats marked (issue 24: where best available put the buyer).
 * Drawn from the seat map the page already has: every seat in one path, the marked ones on top, ringed so a
 * pair of seats in a large venue can still be found.
 */
export function SeatPreview({ seatMap, seatIds, description }: SeatPreviewProps) {
  const seats = useMemo(() => expandSeatMap(seatMap), [seatMap]);
  const radius = useMemo(() => seatRadius(seats), [seats]);
  const allSeats = useMemo(() => {
    const side = radius * 2;
    return seats.map((seat) => `M${seat.x - radius} ${seat.y - radius}h${side}v${side}h-${side}z`).join('');
  }, [seats, radius]);
  const marked = useMemo(() => {
    const wanted = new Set(seatIds);
    return seats.filter((seat) => wanted.has(seat.id));
  }, [seats, seatIds]);
  // One ring around the group, so it can be found in a venue of thousands of seats.
  const group = useMemo(() => {
    if (marked.length === 0) return null;
    const x = marked.reduce((sum, seat) => sum + seat.x, 0) / marked.length;
    const y = marked.reduce((sum, seat) => sum + seat.y, 0) / marked.length;
    const spread = Math.max(...marked.map((seat) => Math.hypot(seat.x - x, seat.y - y)));
    const r = Math.max(spread + radius * 3, Math.min(seatMap.width, seatMap.height) / 25);
    return { x, y, r };
  }, [marked, radius, seatMap.width, seatMap.height]);

  return (
    <svg
      role="img"
      aria-label={`Venue map with your seats marked: ${description}`}
      viewBox={`0 0 ${seatMap.width} ${seatMap.height}`}
      className="h-auto max-h-64 w-full rounded-lg border border-slate-200 bg-slate-50"
      data-testid="seat-preview"
    >
      {seatMap.type === 'generic' ? (
        <>
          <rect
            x={seatMap.stage.x}
            y={seatMap.stage.y}
            width={seatMap.stage.width}
            height={seatMap.stage.height}
            rx={8}
            fill={STAGE_FILL}
          />
          <text
            x={seatMap.stage.x + seatMap.stage.width / 2}
            y={seatMap.stage.y + seatMap.stage.height / 2}
            textAnchor="middle"
            dominantBaseline="middle"
            fill="#FFFFFF"
            fontSize={Math.min(seatMap.stage.height * 0.4, 40)}
            fontWeight={700}
          >
            {seatMap.stage.label}
          </text>
        </>
      ) : (
        <>
          <circle cx={seatMap.center.x} cy={seatMap.center.y} r={seatMap.stage.radius} fill={STAGE_FILL} />
          <text
            x={seatMap.center.x}
            y={seatMap.center.y}
            textAnchor="middle"
            dominantBaseline="middle"
            fill="#FFFFFF"
            fontSize={Math.min(seatMap.stage.radius * 0.4, 40)}
            fontWeight={700}
          >
            {seatMap.stage.label}
          </text>
        </>
      )}
      <path d={allSeats} fill={SEAT_FILL} />
      {group ? (
        <circle cx={group.x} cy={group.y} r={group.r} fill="none" stroke={MARK_FILL} strokeWidth={group.r / 8} />
      ) : null}
      {marked.map((seat) => (
        <circle key={seat.id} data-seat-id={seat.id} cx={seat.x} cy={seat.y} r={radius * 1.4} fill={MARK_FILL} />
      ))}
    </svg>
  );
}
