import { describe, expect, it } from 'vitest';
import { renderOrderConfirmation, type OrderConfirmationInput } from './render-order-confirmation';

const INPUT: OrderConfirmationInput = {
  bookingId: 'MQ7K2M9QX4RT',
  buyerFirstName: 'Nimal',
  event: {
    name: 'Lotus Pond Sessions',
    startsAt: '2030-06-12T13:00:00.000Z',
    timeZone: 'Asia/Colombo',
    venueName: 'Lotus Pond Theatre',
    venueCity: 'Colombo',
    url: 'https://marquee.example/concerts/lotus-pond-sessions/ev1',
  },
  currency: 'LKR',
  lines: [
    {
      packageName: 'VIP',
      unitPrice: 1_500_000,
      quantity: 2,
      seats: ['Stalls, row A, seat 1', 'Stalls, row A, seat 2'],
    },
    { packageName: 'Balcony', unitPrice: 500_000, quantity: 1, seats: ['Balcony, row B, seat 7'] },
  ],
  convenienceFee: 25_000,
  discount: 0,
  promoCode: null,
  total: 3_525_000,
  downloadUrl: 'https://marquee.example/download-tickets',
  attachmentName: 'MQ7K2M9QX4RT.pdf',
  ticketsLink: null,
};

describe('renderOrderConfirmation', () => {
  it('says everything in the text: booking, event in the venue zone, a line per package with seats, fee, total, link', () => {
    const { subject, text } = renderOrderConfirmation(INPUT);
    expect(subject).toBe('Your Marquee tickets: Lotus Pond Sessions · MQ7K2M9QX4RT');
    expect(text).toContain('Hello Nimal,');
    expect(text).toContain('When:       Wed, 12 Jun 2030 · 6:30 PM GMT+5:30');
    expect(text).toContain('Where:      Lotus Pond Theatre, Colombo');
    expect(text).toContain(
      '- VIP: 2 × LKR 15,000.00 = LKR 30,000.00\n  Seats: Stalls, row A, seat 1; Stalls, row A, seat 2',
    );
    expect(text).toContain('- Balcony: 1 × LKR 5,000.00 = LKR 5,000.00\n  Seat: Balcony, row B, seat 7');
    expect(text).toContain('Convenience fee: LKR 250.00');
    expect(text).not.toContain('Discount');
    expect(text).toContain('Total paid: LKR 35,250.00');
    expect(text).toContain('attached to this e-mail as MQ7K2M9QX4RT.pdf');
    expect(text).toContain('Download Your Tickets: https://marquee.example/download-tickets');
  });

  it('is accessible HTML: language, headings, presentation tables for layout, header cells for data, no images', () => {
    const { html } = renderOrderConfirmation(INPUT);
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('<title>Your Marquee tickets: Lotus Pond Sessions · MQ7K2M9QX4RT</title>');
    expect(html.match(/<h1 /g)).toHaveLength(1);
    expect(html).toContain('>Order summary</h2>');
    expect(html).toContain('<th scope="col"');
    expect(html).toContain('<th scope="row"');
    expect(html).toContain('role="presentation"');
    expect(html).not.toMatch(/<img/);
    expect(html).not.toMatch(/<style|<script|<link/);
  });

  it('without an attachment, does not claim one', () => {
    const { text, html } = renderOrderConfirmation({ ...INPUT, attachmentName: null });
    expect(text).not.toContain('attached');
    expect(html).not.toContain('attached');
  });

  it('adds the signed link to the PDF when there is one', () => {
    const url = 'https://marquee.example/api/tickets/MQ7K2M9QX4RT.pdf?expires=1&signature=abc&x=1';
    const { text, html } = renderOrderConfirmation({ ...INPUT, ticketsLink: { url, validDays: 7 } });
    expect(text).toContain(`Or open the tickets PDF directly (this link works for 7 days):\n${url}`);
    expect(html).toContain(`href="${url.replace(/&/g, '&#38;')}"`);
  });

  it('shows the discount and its code when there is one', () => {
    const { text, html } = renderOrderConfirmation({
      ...INPUT,
      discount: 350_000,
      promoCode: 'LOTUS10',
      total: 3_175_000,
    });
    expect(text).toContain('Discount (LOTUS10): − LKR 3,500.00');
    expect(html).toContain('Discount (LOTUS10)');
    expect(html).toContain('− LKR 3,500.00');
  });

  it('escapes every value it did not write: names, event, venue, packages, seats, links', () => {
    const hostile = '<script>alert(1)</script>';
    const { html, text } = renderOrderConfirmation({
      ...INPUT,
      buyerFirstName: hostile,
      event: {
        ...INPUT.event,
        name: `"><img src=x onerror=alert(2)>`,
        venueName: hostile,
        url: 'https://x/"onmouseover="alert(3)',
      },
      lines: [{ packageName: hostile, unitPrice: 1, quantity: 1, seats: [hostile] }],
      downloadUrl: 'https://x/"><script>alert(4)</script>',
    });
    expect(html).not.toMatch(/<script|<img|"onmouseover/);
    expect(html).toContain('Hello &#60;script&#62;alert(1)&#60;/script&#62;,');
    expect(html).toContain('&#34;&#62;&#60;img src=x onerror=alert(2)&#62;');
    expect(text).toContain(`Hello ${hostile},`);
  });
});
