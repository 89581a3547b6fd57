import { describe, expect, it } from 'vitest';
import type { LotusSeatMap } from '@marquee/domain/seat-map';
import {
  buildSeatModel,
  companionRingsPath,
  dotsPath,
  hitTest,
  seatGroupPaths,
  wheelchairMarksPath,
  type VenueSeatMap,
} from './seat-model';

const generic: VenueSeatMap = {
  seat_map: {
    type: 'generic',
    width: 100,
    height: 60,
    stage: { x: 0, y: 0, width: 100, height: 5, label: 'STAGE' },
    sections: [
      {
        id: 'A',
        name: 'Stalls',
        rows: [
          { label: 'A', count: 4, firstNumber: 1, x: 10, y: 20, spacing: 10 },
          { label: 'B', count: 4, firstNumber: 1, x: 10, y: 30, spacing: 10 },
        ],
      },
    ],
  },
  // Out of layout order on purpose: the look-up must not depend on it.
  packages: [
    { id: 1, color_class: 0, seating_range: ['A-A-1', 'A-A-2', 'A-A-3'] },
    { id: 2, color_class: 1, seating_range: ['A-A-4'] },
    { id: 3, color_class: 2, seating_range: ['A-B-2', 'A-B-1', 'Z-9-9'] },
  ],
};

const lotus: LotusSeatMap = {
  type: 'lotus',
  width: 200,
  height: 200,
  center: { x: 100, y: 100 },
  stage: { radius: 20, label: 'Stage' },
  sections: [
    {
      id: 'I',
      name: 'Inner',
      rows: [{ label: 'A', count: 3, firstNumber: 1, radius: 50, startAngle: 0, endAngle: 90 }],
    },
  ],
};

const byPackage = (model: ReturnType<typeof buildSeatModel>) => (i: number) => {
  const packageId = model.packageIdOf[i];
  return packageId === undefined ? null : `p${packageId}`;
};

describe('buildSeatModel', () => {
  it('maps seats to packages whatever the order of the seating ranges, ignoring unknown ids', () => {
    const model = buildSeatModel(generic);
    expect(model.packageIdOf).toEqual([1, 1, 1, 2, 3, 3, undefined, undefined]);
    expect(model.indexOf('A-B-2')).toBe(5);
    expect(model.indexOf('Z-9-9')).toBeUndefined();
  });

  it('hit-tests within one and a half radii of a seat', () => {
    const model = buildSeatModel(generic);
    model.prepare();
    expect(hitTest(model, 20.5, 20.5)).toBe(1);
    expect(hitTest(model, 15, 25)).toBe(-1);
  });
});

describe('seat paths', () => {
  it('draws a straight row as one dashed line per run of a group', () => {
    const model = buildSeatModel(generic);
    // Row A: seats 1-3 (package 1) are one run, seat 4 (package 2) another; row B: seats 1-2, then no package.
    expect(seatGroupPaths(model, byPackage(model))).toEqual([
      { key: 'p1', spacing: 10, d: 'M10 20h20.16' },
      { key: 'p2', spacing: 10, d: 'M40 20h0.16' },
      { key: 'p3', spacing: 10, d: 'M10 30h10.16' },
    ]);
  });

  it('draws arc rows as a dot per seat, in relative moves', () => {
    const model = buildSeatModel({
      seat_map: lotus,
      packages: [{ id: 1, color_class: 0, seating_range: ['I-A-1', 'I-A-2', 'I-A-3'] }],
    });
    // Seats at 0°, 45° and 90° on a 50-unit radius around (100, 100).
    expect(seatGroupPaths(model, byPackage(model))).toEqual([{ key: 'p1', d: 'M150 100h0m-14.6 35.4h0m-35.4 14.6h0' }]);
    expect(dotsPath(model.seats, [2, 0])).toBe('M100 150h0m50 -50h0');
    expect(dotsPath(model.seats, [])).toBe('');
  });
});

describe('accessible places', () => {
  it('lists the wheelchair spaces and companion seats of arc rows and straight rows, by seat index', () => {
    expect(buildSeatModel(generic).accessible).toEqual({ wheelchair: [], companion: [] });
    const arcs = buildSeatModel({
      seat_map: {
        ...lotus,
        sections: [
          { ...lotus.sections[0]!, rows: [{ ...lotus.sections[0]!.rows[0]!, wheelchair: [3], companion: [2] }] },
        ],
      },
      packages: [],
    });
    expect(arcs.accessible).toEqual({ wheelchair: [2], companion: [1] });
  });

  it('draws a mark on each seat given, inside its dot, as one path', () => {
    const seats = [
      { x: 10, y: 20 },
      { x: 40, y: 20 },
    ];
    // A ring of half the radius around each seat's centre.
    expect(companionRingsPath(seats, [0, 1], 4)).toBe(
      'M12 20a2 2 0 1 0 -4 0a2 2 0 1 0 4 0M42 20a2 2 0 1 0 -4 0a2 2 0 1 0 4 0',
    );
    const symbols = wheelchairMarksPath(seats, [1], 10);
    // Every absolute point of the symbol (head, back, wheel's two ends) lies inside the seat's dot (radius 10).
    const points = [...symbols.matchAll(/[MA](?:[\d.]+ [\d.]+ 0 1 1 )?(-?[\d.]+) (-?[\d.]+)/g)];
    expect(points).toHaveLength(4);
    for (const [, x, y] of points) expect(Math.hypot(Number(x) - 40, Number(y) - 20)).toBeLessThan(10);
    expect(wheelchairMarksPath(seats, [], 10)).toBe('');
  });
});
