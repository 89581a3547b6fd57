import { describe, expect, it } from 'vitest';
import {
  CHECKLIST_PROBLEM_IDS,
  NotPublishableBodySchema,
  publishingChecklist,
  type ChecklistPackage,
  type PublishingChecklistInput,
} from './publishing-checklist';

const NOW = new Date('2026-11-01T00:00:00Z');
const at = (iso: string) => new Date(iso);

const PACKAGE: ChecklistPackage = {
  name: 'VIP',
  active: true,
  freeSeating: false,
  seatCount: 40,
  saleStartsAt: null,
  saleEndsAt: null,
};

/** An event ready to publish: each test breaks one thing. */
function ready(
  overrides: Partial<PublishingChecklistInput> = {},
  event: Partial<PublishingChecklistInput['event']> = {},
): PublishingChecklistInput {
  return {
    now: NOW,
    organisationApproved: true,
    event: {
      startsAt: at('2026-12-31T14:00:00Z'),
      endsAt: at('2026-12-31T17:00:00Z'),
      saleStartsAt: null,
      bannerImg: '/media/aa.webp',
      thumbnailImg: '/media/bb.webp',
      freeEvent: false,
      hasSeatMap: true,
      paymentGatewayIds: [1, 2],
      ...event,
    },
    packages: [PACKAGE],
    ...overrides,
  };
}

const ids = (input: PublishingChecklistInput) => publishingChecklist(input).map((item) => item.id);

describe('publishingChecklist', () => {
  it('finds nothing wrong with a complete event', () => {
    expect(publishingChecklist(ready())).toEqual([]);
  });

  it('wants an active package', () => {
    expect(ids(ready({ packages: [] }))).toEqual(['no_active_package']);
    expect(ids(ready({ packages: [{ ...PACKAGE, active: false }] }))).toEqual(['no_active_package']);
  });

  it('wants a banner and a thumbnail', () => {
    expect(ids(ready({}, { bannerImg: null }))).toEqual(['no_banner']);
    expect(ids(ready({}, { thumbnailImg: '' }))).toEqual(['no_thumbnail']);
  });

  it("refuses a package's sale that ends before it starts, or after the event ends", () => {
    const backwards = {
      ...PACKAGE,
      name: 'Early',
      saleStartsAt: at('2026-12-01T00:00:00Z'),
      saleEndsAt: at('2026-11-20T00:00:00Z'),
    };
    const late = { ...PACKAGE, name: 'Late', saleEndsAt: at('2026-12-31T17:00:01Z') };
    expect(publishingChecklist(ready({ packages: [PACKAGE, backwards, late] }))).toEqual([
      {
        id: 'package_sale_ends_before_start',
        message: 'Package "Early": its sales end before they start.',
        package_index: 1,
      },
      {
        id: 'package_sale_ends_after_event',
        message: 'Package "Late": its sales end after the event ends.',
        package_index: 2,
      },
    ]);
    expect(ids(ready({ packages: [{ ...PACKAGE, saleEndsAt: at('2026-12-31T17:00:00Z') }] }))).toEqual([]);
    // Without an end, a sale may run into the event (door sales).
    expect(ids(ready({ packages: [late] }, { endsAt: null }))).toEqual([]);
  });

  it('refuses a start in the past, and an end before the start', () => {
    expect(ids(ready({}, { startsAt: NOW, endsAt: null }))).toEqual(['start_in_past']);
    expect(ids(ready({}, { endsAt: at('2026-12-31T14:00:00Z') }))).toEqual(['end_before_start']);
  });

  it('wants seats for a seated package, unless it is free seating or the venue has no map', () => {
    const empty = { ...PACKAGE, seatCount: 0 };
    expect(publishingChecklist(ready({ packages: [empty] }))).toEqual([
      {
        id: 'seated_package_without_seats',
        message: 'Package "VIP": assign it seats on the map, or make it free seating.',
        package_index: 0,
      },
    ]);
    expect(ids(ready({ packages: [{ ...empty, freeSeating: true }] }))).toEqual([]);
    expect(ids(ready({ packages: [empty] }, { hasSeatMap: false }))).toEqual([]);
  });

  it('wants a way to pay for a paid event, one that can take payments now', () => {
    expect(ids(ready({}, { paymentGatewayIds: [] }))).toEqual(['no_payment_option']);
    expect(ids(ready({}, { paymentGatewayIds: [2], unavailablePaymentGatewayIds: [2] }))).toEqual([
      'no_payment_option',
    ]);
    expect(ids(ready({}, { paymentGatewayIds: [1, 2], unavailablePaymentGatewayIds: [2] }))).toEqual([]);
    expect(ids(ready({}, { paymentGatewayIds: [], freeEvent: true }))).toEqual([]);
  });

  it('wants the organisation approved', () => {
    expect(ids(ready({ organisationApproved: false }))).toEqual(['organisation_not_approved']);
  });

  it('wants a future sale start, before the event, for presale and pending', () => {
    for (const to of ['presale', 'pending'] as const) {
      expect(ids(ready({ to }))).toEqual(['no_future_sale_start']);
      expect(ids(ready({ to }, { saleStartsAt: NOW }))).toEqual(['no_future_sale_start']);
      expect(ids(ready({ to }, { saleStartsAt: at('2026-11-15T00:00:00Z') }))).toEqual([]);
      expect(ids(ready({ to }, { saleStartsAt: at('2026-12-31T14:00:00Z') }))).toEqual([
        'sale_starts_after_event_start',
      ]);
    }
    expect(ids(ready({ to: 'ongoing' }))).toEqual([]);
  });

  it('lists every problem at once, each with a message', () => {
    const items = publishingChecklist({
      now: NOW,
      to: 'presale',
      organisationApproved: false,
      event: {
        startsAt: at('2026-10-01T00:00:00Z'),
        endsAt: at('2026-09-01T00:00:00Z'),
        saleStartsAt: null,
        bannerImg: null,
        thumbnailImg: null,
        freeEvent: false,
        hasSeatMap: true,
        paymentGatewayIds: [],
      },
      packages: [
        {
          ...PACKAGE,
          active: false,
          seatCount: 0,
          saleStartsAt: at('2026-09-02T00:00:00Z'),
          saleEndsAt: at('2026-09-01T00:00:00Z'),
        },
        { ...PACKAGE, active: false, saleEndsAt: at('2026-09-03T00:00:00Z') },
      ],
    });
    expect(items.map((item) => item.id).sort()).toEqual(
      CHECKLIST_PROBLEM_IDS.filter((id) => id !== 'sale_starts_after_event_start').sort(),
    );
    for (const item of items) expect(item.message.length).toBeGreaterThan(10);
    expect(
      NotPublishableBodySchema.parse({ code: 'not_publishable', message: 'Not ready', problems: items }).problems,
    ).toEqual(items);
  });
});
