import { createCanvas } from '@napi-rs/canvas';
import { expect, type APIRequestContext } from '@playwright/test';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import QRCode from 'qrcode';
import { BookingLookupResultSchema } from '@marquee/domain/bookings';
import { parseTicketCode } from '@marquee/domain/tickets';
import { protectedCallHeaders } from './api';

/**
 * A booking's tickets as a gate sees them: the buyer's tickets PDF (found as Download Your Tickets finds it, by
 * Booking ID and the checkout e-mail), each page drawn to pixels (pdf.js) and its QR code read (jsQR), as a
 * phone would read the printed ticket. Each is then drawn again as a clean PNG (the `qrcode` package) to hand
 * to the scanner's "Scan from a photo".
 */
export interface TicketQr {
  /** The ticket's code (the QR's claim `c`). */
  code: string;
  /** The QR text: `MQ1.{claims}.{signature}`. */
  text: string;
  png: Buffer;
}

async function decodePages(pdf: Buffer): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false });
  const document = await task.promise;
  try {
    const texts: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: 1.5 });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      await page.render({ canvas, canvasContext: context, viewport } as never).promise;
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const found = jsQR(image.data, canvas.width, canvas.height, { inversionAttempts: 'dontInvert' });
      if (found) texts.push(found.data);
    }
    return texts;
  } finally {
    await task.destroy();
  }
}

export async function ticketQrCodes(request: APIRequestContext, bookingId: string, email: string): Promise<TicketQr[]> {
  const lookup = await request.post('/api/bookings/lookup', {
    data: { booking_id: bookingId, nic: email },
    headers: await protectedCallHeaders(request),
  });
  expect(lookup.status(), await lookup.text()).toBe(200);
  const { ticket_url: ticketUrl } = BookingLookupResultSchema.parse(await lookup.json());
  const pdf = await request.get(ticketUrl);
  expect(pdf.status()).toBe(200);
  const texts = await decodePages(await pdf.body());
  return Promise.all(
    texts.map(async (text) => {
      const parsed = parseTicketCode(text);
      if (!parsed.ok) throw new Error(`The ticket's QR is no Marquee code: ${parsed.reason}`);
      const png = await QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, scale: 8 });
      return { code: parsed.code.claims.c, text, png };
    }),
  );
}
