import type { GenericSeatMap, LotusSeatMap } from '@marquee/domain/seat-map';

/** Small helpers to describe demo venue layouts compactly; the output is validated with SeatMapSchema. */

type GenericSection = GenericSeatMap['sections'][number];
type LotusSection = LotusSeatMap['sections'][number];

/** A, B, … Z, AA, AB, … */
export function rowLetter(index: number): string {
  const letter = (i: number): string => String.fromCharCode(65 + i);
  return index < 26 ? letter(index) : letter(Math.floor(index / 26) - 1) + letter(index % 26);
}

/** Seat counts growing steadily from the front row to the back: the fan shape of a theatre. */
export function fanRows(front: number, back: number, rows: number): number[] {
  if (rows === 1) return [front];
  return Array.from({ length: rows }, (_, i) => Math.round(front + ((back - front) * i) / (rows - 1)));
}

export interface BlockOptions {
  id: string;
  name: string;
  /** Seats in each row, front to back. */
  rows: number[];
  /** Horizontal centre of the block, and the y of its front row. */
  centerX: number;
  top: number;
  spacing?: number;
  rowGap?: number;
  /** Index of the first row's label (so a balcony can continue where the stalls stop). */
  firstRow?: number;
  labels?: 'letters' | 'numbers';
}

/** A block of centred straight rows. */
export function seatBlock(options: BlockOptions): GenericSection {
  const spacing = options.spacing ?? 14;
  const rowGap = options.rowGap ?? 16;
  const firstRow = options.firstRow ?? 0;
  return {
    id: options.id,
    name: options.name,
    rows: options.rows.map((count, i) => ({
      label: options.labels === 'numbers' ? String(firstRow + i + 1) : rowLetter(firstRow + i),
      count,
      firstNumber: 1,
      x: options.centerX - ((count - 1) * spacing) / 2,
      y: options.top + i * rowGap,
      spacing,
    })),
  };
}

/** A block of identical rows whose top-left seat is at (left, top): stadium stands. */
export function gridBlock(
  id: string,
  name: string,
  left: number,
  top: number,
  seatsPerRow: number,
  rowCount: number,
  pitch = 10,
): GenericSection {
  return {
    id,
    name,
    rows: Array.from({ length: rowCount }, (_, i) => ({
      label: String(i + 1),
      count: seatsPerRow,
      firstNumber: 1,
      x: left,
      y: top + i * pitch,
      spacing: pitch,
    })),
  };
}

export interface PetalOptions {
  id: string;
  name: string;
  /** Centre of the petal in degrees (90 = straight below the stage) and its half width. */
  angle: number;
  halfWidth: number;
  firstRadius: number;
  rowCount: number;
  firstRow: number;
  radiusStep?: number;
  /** Distance along the arc between seat centres. */
  seatPitch?: number;
}

/** Concentric arc rows in one wedge around a round stage; outer rows hold more seats. */
export function petalSection(options: PetalOptions): LotusSection {
  const radiusStep = options.radiusStep ?? 22;
  const seatPitch = options.seatPitch ?? 18;
  return {
    id: options.id,
    name: options.name,
    rows: Array.from({ length: options.rowCount }, (_, i) => {
      const radius = options.firstRadius + i * radiusStep;
      const arc = (radius * options.halfWidth * 2 * Math.PI) / 180;
      return {
        label: rowLetter(options.firstRow + i),
        count: Math.max(2, Math.floor(arc / seatPitch) + 1),
        firstNumber: 1,
        radius,
        startAngle: options.angle - options.halfWidth,
        endAngle: options.angle + options.halfWidth,
      };
    }),
  };
}

/**
 * The section with accessible places (issue 24) in the rows given: per row label, its wheelchair spaces and the
 * companion seats beside them, by seat number. A label the section lacks throws: the demo data is wrong.
 */
export function withAccessibleSeats<Section extends GenericSection | LotusSection>(
  section: Section,
  places: Readonly<Record<string, { wheelchair: number[]; companion: number[] }>>,
): Section {
  for (const label of Object.keys(places)) {
    if (!section.rows.some((row) => row.label === label)) throw new Error(`${section.id} has no row ${label}.`);
  }
  return {
    ...section,
    rows: section.rows.map((row) => {
      const own = places[row.label];
      return own ? { ...row, wheelchair: own.wheelchair, companion: own.companion } : row;
    }),
  };
}
