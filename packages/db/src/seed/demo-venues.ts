import type { GenericSeatMap, LotusSeatMap, SeatMap } from '@marquee/domain/seat-map';
import { fanRows, gridBlock, petalSection, seatBlock, withAccessibleSeats } from './seat-map-builders';

/** The demo catalogue's venues (fictional names in real cities). Layouts are validated before insert. */

export type DemoVenueKey =
  | 'lotusPond'
  | 'beiraStadium'
  | 'kollupitiyaHall'
  | 'hillsideOpenAir'
  | 'galleRamparts'
  | 'marinaBayfront'
  | 'kallangHall'
  | 'tanjongBlackBox'
  | 'harbourside'
  | 'redfernSheds'
  | 'southbankPlayhouse'
  | 'collingwoodBallroom'
  | 'parkvilleQuad'
  | 'swanAmphitheatre'
  | 'northbridgeStudio'
  | 'riverstageGardens';

export interface DemoVenue {
  key: DemoVenueKey;
  name: string;
  address: string;
  city: string;
  country: 'LK' | 'SG' | 'AU';
  timeZone: string;
  seatMap: SeatMap | null;
}

/** The Lotus Pond Theatre: five petals of arc rows (three rings each) around a round stage; the sixth petal is backstage. */
const PETALS = [
  { n: 1, angle: 210, name: 'Upper West' },
  { n: 2, angle: 150, name: 'West' },
  { n: 3, angle: 90, name: 'Front' },
  { n: 4, angle: 30, name: 'East' },
  { n: 5, angle: -30, name: 'Upper East' },
] as const;
const RINGS = [
  { prefix: 'I', name: 'Inner Circle', firstRow: 0, rowCount: 6 },
  { prefix: 'M', name: 'Middle Ring', firstRow: 6, rowCount: 5 },
  { prefix: 'O', name: 'Outer Ring', firstRow: 11, rowCount: 5 },
] as const;
const LOTUS_MAP: LotusSeatMap = {
  type: 'lotus',
  width: 1100,
  height: 1060,
  center: { x: 550, y: 530 },
  stage: { radius: 130, label: 'Lotus Stage' },
  sections: RINGS.flatMap((ring) =>
    PETALS.map((petal) =>
      petalSection({
        id: `${ring.prefix}${petal.n}`,
        name: `${ring.name} · ${petal.name}`,
        angle: petal.angle,
        halfWidth: 24,
        firstRadius: 170 + ring.firstRow * 22,
        firstRow: ring.firstRow,
        rowCount: ring.rowCount,
      }),
    ),
  ),
};

/**
 * Beira Lake Stadium: a stage at the north end of the field, floor seating in three bands in front of it,
 * stands on the west, east and south sides. 20,964 seats. Wheelchair spaces, each with a companion seat beside
 * it, at both ends of the front row of the centre floor and of the middle south stand.
 */
const FLOOR_BANDS = [
  { band: 1, top: 300, rows: 18 },
  { band: 2, top: 510, rows: 20 },
  { band: 3, top: 740, rows: 20 },
] as const;
const STADIUM_MAP: GenericSeatMap = {
  type: 'generic',
  width: 3020,
  height: 1450,
  stage: { x: 1215, y: 90, width: 590, height: 150, label: 'Main Stage' },
  sections: [
    ...FLOOR_BANDS.flatMap(({ band, top, rows }) => [
      gridBlock(`FL${band}`, `Floor Left ${band}`, 720, top, 45, rows),
      band === 1
        ? withAccessibleSeats(gridBlock('FC1', 'Floor Centre 1', 1215, top, 60, rows), {
            '1': { wheelchair: [1, 60], companion: [2, 59] },
          })
        : gridBlock(`FC${band}`, `Floor Centre ${band}`, 1215, top, 60, rows),
      gridBlock(`FR${band}`, `Floor Right ${band}`, 1860, top, 45, rows),
    ]),
    ...[0, 1, 2].map((k) => gridBlock(`W${k + 1}`, `West Stand ${k + 1}`, 40, 60 + k * 350, 32, 32)),
    ...[0, 1, 2].map((k) => gridBlock(`E${k + 1}`, `East Stand ${k + 1}`, 2670, 60 + k * 350, 32, 32)),
    ...[0, 1, 2, 3, 4, 5].map((k) => {
      const stand = gridBlock(`S${k + 1}`, `South Stand ${k + 1}`, 420 + k * 370, 1120, 34, 30);
      return k === 2 ? withAccessibleSeats(stand, { '1': { wheelchair: [1, 34], companion: [2, 33] } }) : stand;
    }),
  ],
};

const KOLLUPITIYA_MAP: GenericSeatMap = {
  type: 'generic',
  width: 1000,
  height: 520,
  stage: { x: 300, y: 30, width: 400, height: 70, label: 'Stage' },
  sections: [
    // Wheelchair spaces at the outer ends of the back row of the side stalls, a companion seat beside each.
    withAccessibleSeats(
      seatBlock({ id: 'SL', name: 'Stalls Left', rows: fanRows(8, 12, 10), centerX: 215, top: 150 }),
      {
        J: { wheelchair: [1], companion: [2] },
      },
    ),
    seatBlock({ id: 'SC', name: 'Stalls Centre', rows: fanRows(14, 18, 10), centerX: 500, top: 150 }),
    withAccessibleSeats(
      seatBlock({ id: 'SR', name: 'Stalls Right', rows: fanRows(8, 12, 10), centerX: 785, top: 150 }),
      {
        J: { wheelchair: [12], companion: [11] },
      },
    ),
    seatBlock({ id: 'BAL', name: 'Balcony', rows: fanRows(30, 34, 5), centerX: 500, top: 380, firstRow: 10 }),
  ],
};

const MARINA_MAP: GenericSeatMap = {
  type: 'generic',
  width: 1200,
  height: 650,
  stage: { x: 350, y: 30, width: 500, height: 80, label: 'Stage' },
  sections: [
    // Wheelchair spaces at the outer ends of the back row of the side stalls, a companion seat beside each.
    withAccessibleSeats(
      seatBlock({ id: 'SL', name: 'Stalls Left', rows: fanRows(10, 14, 14), centerX: 320, top: 160 }),
      {
        N: { wheelchair: [1], companion: [2] },
      },
    ),
    seatBlock({ id: 'SC', name: 'Stalls Centre', rows: fanRows(16, 22, 14), centerX: 600, top: 160 }),
    withAccessibleSeats(
      seatBlock({ id: 'SR', name: 'Stalls Right', rows: fanRows(10, 14, 14), centerX: 880, top: 160 }),
      {
        N: { wheelchair: [14], companion: [13] },
      },
    ),
    seatBlock({ id: 'DC', name: 'Dress Circle', rows: fanRows(36, 40, 6), centerX: 600, top: 420, firstRow: 14 }),
    seatBlock({ id: 'UC', name: 'Upper Circle', rows: fanRows(40, 44, 5), centerX: 600, top: 540, firstRow: 20 }),
  ],
};

const TANJONG_MAP: GenericSeatMap = {
  type: 'generic',
  width: 700,
  height: 290,
  stage: { x: 200, y: 24, width: 300, height: 90, label: 'Thrust Stage' },
  sections: [
    seatBlock({ id: 'L', name: 'Left Bank', rows: fanRows(10, 10, 6), centerX: 105, top: 160 }),
    seatBlock({ id: 'C', name: 'Centre Bank', rows: fanRows(12, 16, 6), centerX: 350, top: 160 }),
    seatBlock({ id: 'R', name: 'Right Bank', rows: fanRows(10, 10, 6), centerX: 595, top: 160 }),
  ],
};

const HARBOURSIDE_MAP: GenericSeatMap = {
  type: 'generic',
  width: 1200,
  height: 740,
  stage: { x: 370, y: 130, width: 460, height: 110, label: 'Concert Platform' },
  sections: [
    seatBlock({
      id: 'CH',
      name: 'Choir Balcony',
      rows: fanRows(30, 30, 4),
      centerX: 600,
      top: 40,
      rowGap: 18,
      labels: 'numbers',
    }),
    seatBlock({ id: 'PS', name: 'Premium Stalls', rows: fanRows(20, 24, 8), centerX: 600, top: 290 }),
    seatBlock({ id: 'SL', name: 'Stalls Left', rows: fanRows(12, 16, 16), centerX: 285, top: 290 }),
    seatBlock({ id: 'SR', name: 'Stalls Right', rows: fanRows(12, 16, 16), centerX: 915, top: 290 }),
    seatBlock({ id: 'RS', name: 'Rear Stalls', rows: fanRows(24, 28, 8), centerX: 600, top: 430, firstRow: 8 }),
    seatBlock({ id: 'CI', name: 'Circle', rows: fanRows(44, 48, 6), centerX: 600, top: 600, firstRow: 16, rowGap: 18 }),
  ],
};

const SOUTHBANK_MAP: GenericSeatMap = {
  type: 'generic',
  width: 1000,
  height: 560,
  stage: { x: 300, y: 30, width: 400, height: 80, label: 'Stage' },
  sections: [
    seatBlock({ id: 'SL', name: 'Stalls Left', rows: fanRows(8, 11, 12), centerX: 220, top: 150 }),
    seatBlock({ id: 'SC', name: 'Stalls Centre', rows: fanRows(14, 18, 12), centerX: 500, top: 150 }),
    seatBlock({ id: 'SR', name: 'Stalls Right', rows: fanRows(8, 11, 12), centerX: 780, top: 150 }),
    seatBlock({ id: 'CI', name: 'Circle', rows: fanRows(30, 34, 6), centerX: 500, top: 410, firstRow: 12 }),
  ],
};

const NORTHBRIDGE_MAP: GenericSeatMap = {
  type: 'generic',
  width: 600,
  height: 320,
  stage: { x: 150, y: 24, width: 300, height: 70, label: 'Stage' },
  sections: [
    seatBlock({ id: 'W', name: 'West Block', rows: fanRows(12, 12, 10), centerX: 175, top: 140 }),
    seatBlock({ id: 'E', name: 'East Block', rows: fanRows(12, 12, 10), centerX: 425, top: 140 }),
  ],
};

export const DEMO_VENUES: readonly DemoVenue[] = [
  {
    key: 'lotusPond',
    name: 'Lotus Pond Theatre',
    address: 'Ananda Coomaraswamy Mawatha, Colombo 07',
    city: 'Colombo',
    country: 'LK',
    timeZone: 'Asia/Colombo',
    seatMap: LOTUS_MAP,
  },
  {
    key: 'beiraStadium',
    name: 'Beira Lake Stadium',
    address: 'Stadium Road, Colombo 02',
    city: 'Colombo',
    country: 'LK',
    timeZone: 'Asia/Colombo',
    seatMap: STADIUM_MAP,
  },
  {
    key: 'kollupitiyaHall',
    name: 'Kollupitiya Memorial Hall',
    address: '41 Galle Road, Colombo 03',
    city: 'Colombo',
    country: 'LK',
    timeZone: 'Asia/Colombo',
    seatMap: KOLLUPITIYA_MAP,
  },
  {
    key: 'hillsideOpenAir',
    name: 'Hillside University Open Air Theatre',
    address: 'University Park, Peradeniya',
    city: 'Kandy',
    country: 'LK',
    timeZone: 'Asia/Colombo',
    seatMap: null,
  },
  {
    key: 'galleRamparts',
    name: 'Galle Fort Ramparts Lawn',
    address: 'Rampart Street, Galle Fort',
    city: 'Galle',
    country: 'LK',
    timeZone: 'Asia/Colombo',
    seatMap: null,
  },
  {
    key: 'marinaBayfront',
    name: 'Marina Bayfront Theatre',
    address: '8 Bayfront Walk',
    city: 'Singapore',
    country: 'SG',
    timeZone: 'Asia/Singapore',
    seatMap: MARINA_MAP,
  },
  {
    key: 'kallangHall',
    name: 'Kallang Riverside Hall',
    address: '21 Stadium Riverside Walk',
    city: 'Singapore',
    country: 'SG',
    timeZone: 'Asia/Singapore',
    seatMap: null,
  },
  {
    key: 'tanjongBlackBox',
    name: 'Tanjong Pagar Black Box',
    address: '60 Duxton Road',
    city: 'Singapore',
    country: 'SG',
    timeZone: 'Asia/Singapore',
    seatMap: TANJONG_MAP,
  },
  {
    key: 'harbourside',
    name: 'Harbourside Concert Hall',
    address: '2 Circular Quay West, The Rocks NSW 2000',
    city: 'Sydney',
    country: 'AU',
    timeZone: 'Australia/Sydney',
    seatMap: HARBOURSIDE_MAP,
  },
  {
    key: 'redfernSheds',
    name: 'Redfern Rail Sheds',
    address: '245 Wilson Street, Eveleigh NSW 2015',
    city: 'Sydney',
    country: 'AU',
    timeZone: 'Australia/Sydney',
    seatMap: null,
  },
  {
    key: 'southbankPlayhouse',
    name: 'Southbank Playhouse',
    address: '100 Sturt Street, Southbank VIC 3006',
    city: 'Melbourne',
    country: 'AU',
    timeZone: 'Australia/Melbourne',
    seatMap: SOUTHBANK_MAP,
  },
  {
    key: 'collingwoodBallroom',
    name: 'Collingwood Ballroom',
    address: '88 Johnston Street, Collingwood VIC 3066',
    city: 'Melbourne',
    country: 'AU',
    timeZone: 'Australia/Melbourne',
    seatMap: null,
  },
  {
    key: 'parkvilleQuad',
    name: 'Parkville Campus South Lawn',
    address: 'Grattan Street, Parkville VIC 3010',
    city: 'Melbourne',
    country: 'AU',
    timeZone: 'Australia/Melbourne',
    seatMap: null,
  },
  {
    key: 'swanAmphitheatre',
    name: 'Swan River Amphitheatre',
    address: 'Riverside Drive, Perth WA 6000',
    city: 'Perth',
    country: 'AU',
    timeZone: 'Australia/Perth',
    seatMap: null,
  },
  {
    key: 'northbridgeStudio',
    name: 'Northbridge Studio Theatre',
    address: '12 James Street, Northbridge WA 6003',
    city: 'Perth',
    country: 'AU',
    timeZone: 'Australia/Perth',
    seatMap: NORTHBRIDGE_MAP,
  },
  {
    key: 'riverstageGardens',
    name: 'Riverstage Gardens',
    address: 'Gardens Point Road, Brisbane QLD 4000',
    city: 'Brisbane',
    country: 'AU',
    timeZone: 'Australia/Brisbane',
    seatMap: null,
  },
];
