import { describe, expect, it } from 'vitest';
import { renderPaymentRefunded, type PaymentRefundedInput } from './render-payment-refunded';

const INPUT: PaymentRefundedInput = {
  bookingId: 'MQ7K2M9QX4RT',
  buyerFirstName: 'Kamala',
  event: {
    name: 'Harbour Lights',
    startsAt: '2030-03-01T09:30:00.000Z',
    timeZone: 'Australia/Sydney',
    venueName: 'Harbour Hall',
    venueCity: 'Sydney',
    url: 'https://marquee.example/concerts/harbour-lights/ev2',
  },
  currency: 'AUD',
  refunded: 512_345,
  reason: 'sold_out',
};

describe('renderPaymentRefunded', () => {
  it('says what happened, what is refunded, sorry, and links to the event', () => {
    const { subject, text, html } = renderPaymentRefunded(INPUT);
    expect(subject).toBe('Your payment for Harbour Lights was refunded · MQ7K2M9QX4RT');
    expect(text).toContain('Hello Kamala,');
    expect(text).toContain('the tickets you chose had been sold to someone else');
    expect(text).toContain('We have refunded the full amount, AUD 5,123.45,');
    expect(text).toContain('When:       Fri, 1 Mar 2030 · 8:30 PM AEDT');
    expect(text).toContain('We are sorry');
    expect(text).toContain('https://marquee.example/concerts/harbour-lights/ev2');
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('href="https://marquee.example/concerts/harbour-lights/ev2"');
    expect(html).toContain('AUD 5,123.45');
  });

  it('says the promo code was spent when that is why the order failed', () => {
    const { text, html } = renderPaymentRefunded({ ...INPUT, reason: 'promo_limit' });
    expect(text).toContain('used a promo code that had been fully redeemed');
    expect(text).not.toContain('sold to someone else');
    expect(html).toContain('fully redeemed by other bookings');
  });

  it('escapes the buyer and the event', () => {
    const { html } = renderPaymentRefunded({
      ...INPUT,
      buyerFirstName: '<script>alert(1)</script>',
      event: { ...INPUT.event, name: '<b onclick="x()">Lights</b>' },
    });
    expect(html).not.toMatch(/<script|<b /);
    expect(html).toContain('&#60;b onclick=&#34;x()&#34;&#62;Lights&#60;/b&#62;');
  });
});
