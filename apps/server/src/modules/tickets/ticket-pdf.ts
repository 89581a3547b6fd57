import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { formatMoney, type Currency } from '@marquee/domain/money';
import type { TicketSeat } from '@marquee/domain/tickets';
import { formatEventDate, formatEventTime, formatZoneName } from '@marquee/domain/time';
import { cleanText, isComplexScript, splitRuns, ticketFontFiles } from './ticket-fonts';
import { drawQrCode } from './ticket-qr';
import { drawLine, ellipsize, fitSize, measureText, wrapText, type TextStyle } from './ticket-text';

/** Everything a booking's tickets PDF prints: one page per ticket. */
export interface TicketSheet {
  bookingId: string;
  holderName: string;
  currency: Currency;
  event: {
    name: string;
    startsAt: Date;
    /** The event's banner: SVG text, a PNG/JPEG, or null (the page is laid out without it). */
    image: { kind: 'svg'; svg: string } | { kind: 'raster'; data: Buffer } | null;
  };
  venue: { name: string; address: string; city: string; country: string; timeZone: string };
  tickets: ReadonlyArray<{
    code: string;
    /** The signed text the QR code carries (MQ1.…). */
    qrText: string;
    packageName: string;
    /** The package's price as charged, minor units. */
    unitPrice: number;
    seat: TicketSeat | null;
    /** This ticket's holder when it differs from the booking's (a name corrected at the desk; decisions/039). */
    holderName?: string;
  }>;
  issuedAt: Date;
  /** Bought while payments were tests (the sandbox, or Stripe's test keys): every page says it admits no one. */
  isTest?: boolean;
}

/** What a test ticket says across its top (decisions/030). */
export const TEST_TICKET_MARK = 'TEST TICKET · NOT VALID FOR ENTRY';
export const TEST_TICKET_NOTE = 'Bought in test mode: no money was taken.';

type SheetTicket = TicketSheet['tickets'][number];

const PAGE = { width: 595.28, height: 841.89 }; // A4, points
const MARGIN = 40;
const CARD = { x: MARGIN, width: PAGE.width - 2 * MARGIN, radius: 12, padding: 24, notch: 9 };
/** The catalogue's banners are 1600 × 600; a little of their top (sky and spotlights) is cropped to leave room. */
const BANNER_RATIO = 0.3;
const QR_SIZE = 168;

const COLOR = {
  ink: '#111827',
  muted: '#4b5563',
  faint: '#6b7280',
  line: '#d1d5db',
  brand: '#4338ca',
  brandDark: '#312e81',
  brandSoft: '#eef2ff',
  accent: '#f59e0b',
  /** Red 700: white text on it is 6.5:1. */
  testBand: '#b91c1c',
};

// Letter-spacing stays under 0.1 em: text extraction (pdf.js, copy and paste) reads wider gaps as spaces.
const LABEL: TextStyle = { size: 7.5, weight: 'bold', color: COLOR.faint, tracking: 0.5 };
const VALUE: TextStyle = { size: 11.5, weight: 'bold', color: COLOR.ink };
const NOTE: TextStyle = { size: 9, weight: 'regular', color: COLOR.muted };

const GOOD_TO_KNOW = [
  'Each ticket admits one person, once: the first scan of its QR code is the one that counts. Keep it to yourself and do not post pictures of it.',
  'Show the QR code printed or on your phone, with the screen bright. The name on the ticket may be checked against a photo ID.',
  'Dates and times are in the venue’s local time. Please arrive early: doors may close when the event starts.',
  'Tickets are sold subject to Marquee’s terms of sale and the organiser’s conditions of entry. Resale is not permitted.',
];

const regionNames = new Intl.DisplayNames('en', { type: 'region' });
function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Renders the booking's tickets, one A4 page each, as a tagged PDF. */
export async function renderTicketSheet(sheet: TicketSheet): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: `Marquee tickets ${sheet.bookingId}`,
      Author: 'Marquee',
      Subject: `${sheet.tickets.length} ticket${sheet.tickets.length === 1 ? '' : 's'}: ${cleanText(sheet.event.name)}`,
      Creator: 'Marquee',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const font of ticketFontFiles()) doc.registerFont(font.name, font.data);
  sheet.tickets.forEach((ticket, index) => {
    doc.addPage();
    drawTicketPage(doc, sheet, ticket, index);
  });
  doc.end();
  return done;
}

/** Decoration (frames, rules, notches): marked as an artifact so that screen readers skip it. */
function artifact(doc: PDFKit.PDFDocument, draw: () => void): void {
  doc.markContent('Artifact', { type: 'Layout' });
  draw();
  doc.endMarkedContent();
}

/**
 * Text as a structure element. Sinhala and Tamil glyphs are reordered by shaping, so their glyph
 * order is not their reading order: such text carries its words as ActualText, which is what PDF
 * readers copy, search and read aloud.
 */
function tagText(doc: PDFKit.PDFDocument, parent: PDFKit.PDFStructureElement, text: string, draw: () => void): void {
  parent.add(doc.struct('P', isComplexScript(splitRuns(text)) ? { actual: text } : {}, draw));
}

function textLine(
  doc: PDFKit.PDFDocument,
  parent: PDFKit.PDFStructureElement,
  text: string,
  x: number,
  baseline: number,
  style: TextStyle,
): number {
  let width = 0;
  tagText(doc, parent, text, () => {
    width = drawLine(doc, text, x, baseline, style);
  });
  return width;
}

function textRight(
  doc: PDFKit.PDFDocument,
  parent: PDFKit.PDFStructureElement,
  text: string,
  right: number,
  baseline: number,
  style: TextStyle,
): void {
  textLine(doc, parent, text, right - measureText(doc, text, style), baseline, style);
}

/** A small capitals label and its value below it; answers the value's last baseline. */
function field(
  doc: PDFKit.PDFDocument,
  parent: PDFKit.PDFStructureElement,
  label: string,
  value: string,
  x: number,
  top: number,
  width: number,
  options: { maxLines?: number; minSize?: number; style?: TextStyle } = {},
): number {
  const style = options.style ?? VALUE;
  textLine(doc, parent, label.toUpperCase(), x, top + 7, LABEL);
  const text = cleanText(value) || '—';
  const size = fitSize(doc, text, style, width, options.minSize ?? 9);
  const fitted = { ...style, size };
  const lines =
    measureText(doc, text, fitted) <= width ? [text] : wrapText(doc, text, fitted, width, options.maxLines ?? 1);
  let baseline = top + 7 + 6 + size;
  lines.forEach((line, index) => {
    if (index > 0) baseline += size * 1.25;
    textLine(doc, parent, line, x, baseline, fitted);
  });
  return baseline;
}

/** The card's outline: a rounded rectangle with a half-circle notch on each side at the perforation. */
function cardPath(top: number, bottom: number, perforation: number): string {
  const { x, width, radius: r, notch: n } = CARD;
  const right = x + width;
  return [
    `M ${x + r} ${top}`,
    `H ${right - r}`,
    `A ${r} ${r} 0 0 1 ${right} ${top + r}`,
    `V ${perforation - n}`,
    `A ${n} ${n} 0 0 0 ${right} ${perforation + n}`,
    `V ${bottom - r}`,
    `A ${r} ${r} 0 0 1 ${right - r} ${bottom}`,
    `H ${x + r}`,
    `A ${r} ${r} 0 0 1 ${x} ${bottom - r}`,
    `V ${perforation + n}`,
    `A ${n} ${n} 0 0 0 ${x} ${perforation - n}`,
    `V ${top + r}`,
    `A ${r} ${r} 0 0 1 ${x + r} ${top}`,
    'Z',
  ].join(' ');
}

function drawImage(
  doc: PDFKit.PDFDocument,
  image: NonNullable<TicketSheet['event']['image']>,
  top: number,
  height: number,
) {
  if (image.kind === 'raster') {
    doc.image(image.data, CARD.x, top, { cover: [CARD.width, height], align: 'center', valign: 'center' });
    return;
  }
  SVGtoPDF(doc, image.svg, CARD.x, top, {
    width: CARD.width,
    height,
    preserveAspectRatio: 'xMidYMax slice',
    fontCallback: (_family, isBold) => (isBold ? 'NotoSans-Bold' : 'NotoSans'),
    // Artwork is drawn from our own files only: no image it names is loaded, except inline data.
    imageCallback: (link) => (link.startsWith('data:image/') ? link : ''),
    warningCallback: () => {},
  });
}

function drawTicketPage(doc: PDFKit.PDFDocument, sheet: TicketSheet, ticket: SheetTicket, index: number): void {
  const page = doc.struct('Sect', { title: `Ticket ${index + 1} of ${sheet.tickets.length}` });
  doc.addStructure(page);
  const right = CARD.x + CARD.width;
  const ordinal = `Ticket ${index + 1} of ${sheet.tickets.length}`;
  const start = sheet.event.startsAt.toISOString();
  const zone = sheet.venue.timeZone;

  // Header: the wordmark, and which ticket of the booking this is.
  textLine(doc, page, 'MARQUEE', MARGIN, 58, { size: 18, weight: 'bold', color: COLOR.brand, tracking: 1.3 });
  textRight(doc, page, 'E-TICKET · ADMIT ONE', right, 48, LABEL);
  textRight(doc, page, ordinal, right, 62, { size: 10, weight: 'bold', color: COLOR.ink });

  // The banner, clipped to the card's rounded top corners.
  const top = 76;
  const bannerHeight = sheet.event.image ? Math.round(CARD.width * BANNER_RATIO) : 8;
  const inner = { x: CARD.x + CARD.padding, width: CARD.width - 2 * CARD.padding };
  const eventName = cleanText(sheet.event.name) || 'Event';
  const clipTop = () => {
    doc.roundedRect(CARD.x, top, CARD.width, bannerHeight + 2 * CARD.radius, CARD.radius).clip();
    doc.rect(CARD.x, top, CARD.width, bannerHeight).clip();
  };
  const image = sheet.event.image;
  if (image) {
    page.add(
      doc.struct('Figure', { alt: `Artwork of ${eventName}` }, () => {
        doc.save();
        clipTop();
        drawImage(doc, image, top, bannerHeight);
        doc.restore();
      }),
    );
    artifact(doc, () => {
      doc
        .save()
        .rect(CARD.x, top + bannerHeight - 4, CARD.width, 4)
        .fill(COLOR.accent)
        .restore();
    });
  } else {
    artifact(doc, () => {
      doc.save();
      clipTop();
      doc.rect(CARD.x, top, CARD.width, bannerHeight).fill(COLOR.brand).restore();
    });
  }

  // The event, large: one line, smaller if need be, or two.
  const nameStyle: TextStyle = { size: 22, weight: 'bold', color: COLOR.ink };
  const nameSize = fitSize(doc, eventName, nameStyle, inner.width, 16);
  const nameLines =
    measureText(doc, eventName, { ...nameStyle, size: nameSize }) <= inner.width
      ? [eventName]
      : wrapText(doc, eventName, { ...nameStyle, size: nameSize }, inner.width, 2);
  let baseline = top + bannerHeight + 26 + nameSize;
  nameLines.forEach((line, lineIndex) => {
    if (lineIndex > 0) baseline += nameSize * 1.2;
    textLine(doc, page, line, inner.x, baseline, { ...nameStyle, size: nameSize });
  });
  const gridTop = baseline + 20;

  // The details, label over value, in the left column; each row starts below the lowest line of the last.
  const qrColumn = QR_SIZE + 12;
  const left = { x: inner.x, width: inner.width - qrColumn - 20 };
  const half = (left.width - 12) / 2;
  const ROW_GAP = 17;
  let y = gridTop;
  y =
    Math.max(
      field(doc, page, 'Date', formatEventDate(start, zone), left.x, y, half),
      field(
        doc,
        page,
        'Time',
        `${formatEventTime(start, zone)} (${formatZoneName(start, zone)})`,
        left.x + half + 12,
        y,
        half,
      ),
    ) + ROW_GAP;
  const venueBaseline = field(doc, page, 'Venue', sheet.venue.name, left.x, y, left.width, { maxLines: 2 });
  const address = [sheet.venue.address, sheet.venue.city, countryName(sheet.venue.country)]
    .map((part) => cleanText(part))
    .filter(Boolean)
    .join(', ');
  textLine(doc, page, ellipsize(doc, address, NOTE, left.width), left.x, venueBaseline + 13, NOTE);
  y = venueBaseline + 13 + ROW_GAP;
  y =
    Math.max(
      field(doc, page, 'Package', ticket.packageName, left.x, y, half, { maxLines: 2 }),
      field(doc, page, 'Price', formatMoney(ticket.unitPrice, sheet.currency), left.x + half + 12, y, half),
    ) + ROW_GAP;
  if (ticket.seat) {
    const sectionWidth = left.width * 0.5 - 8;
    const small = (left.width - sectionWidth - 24) / 2;
    y =
      Math.max(
        field(doc, page, 'Section', ticket.seat.section || '—', left.x, y, sectionWidth, { maxLines: 2 }),
        field(doc, page, 'Row', ticket.seat.row || '—', left.x + sectionWidth + 12, y, small),
        field(doc, page, 'Seat', ticket.seat.number, left.x + sectionWidth + small + 24, y, small),
      ) + ROW_GAP;
  } else {
    y = field(doc, page, 'Seat', 'General admission', left.x, y, left.width) + ROW_GAP;
  }
  y =
    field(doc, page, 'Ticket holder', ticket.holderName ?? sheet.holderName, left.x, y, left.width, {
      maxLines: 2,
      style: { ...VALUE, size: 13 },
    }) + ROW_GAP;
  const gridBottom = Math.max(
    field(doc, page, 'Booking ID', sheet.bookingId, left.x, y, half),
    field(doc, page, 'Ticket no.', ticket.code, left.x + half + 12, y, half),
  );

  // The QR code, right: framed, with what to do with it.
  const qrX = right - CARD.padding - QR_SIZE;
  const qrY = gridTop - 2;
  artifact(doc, () => {
    doc
      .save()
      .roundedRect(qrX - 6, qrY - 6, QR_SIZE + 12, QR_SIZE + 12, 8)
      .lineWidth(0.75)
      .stroke(COLOR.line)
      .restore();
  });
  page.add(
    doc.struct('Figure', { alt: `QR code of ticket ${ticket.code}, booking ${sheet.bookingId}` }, () => {
      drawQrCode(doc, ticket.qrText, qrX, qrY, QR_SIZE);
    }),
  );
  const scanText = 'Scan at the entrance';
  const scanStyle: TextStyle = { size: 8.5, weight: 'bold', color: COLOR.muted };
  textLine(
    doc,
    page,
    scanText,
    qrX + (QR_SIZE - measureText(doc, scanText, scanStyle)) / 2,
    qrY + QR_SIZE + 22,
    scanStyle,
  );

  const perforation = Math.max(gridBottom + 22, qrY + QR_SIZE + 40);
  const bottom = perforation + 64;
  const outline = cardPath(top, bottom, perforation);

  // The perforation and the stub.
  artifact(doc, () => {
    doc
      .save()
      .moveTo(CARD.x + CARD.notch + 6, perforation)
      .lineTo(right - CARD.notch - 6, perforation)
      .dash(4, { space: 4 })
      .lineWidth(0.75)
      .stroke(COLOR.line)
      .undash()
      .restore();
    doc.save().path(outline).lineWidth(1).stroke(COLOR.line).restore();
  });
  textLine(doc, page, 'Show this QR code at the entrance', inner.x, perforation + 30, {
    size: 12,
    weight: 'bold',
    color: COLOR.ink,
  });
  textLine(doc, page, 'Printed or on your phone. It admits one person, once.', inner.x, perforation + 46, NOTE);
  textRight(doc, page, sheet.bookingId, right - CARD.padding, perforation + 30, {
    size: 11,
    weight: 'bold',
    color: COLOR.brand,
    tracking: 0.5,
  });
  textRight(doc, page, ordinal, right - CARD.padding, perforation + 46, NOTE);

  // Good to know: as many of the notes (most important first) as fit above the footer.
  const footerY = PAGE.height - 34;
  const notesEnd = footerY - 26;
  let notesY = bottom + 34;
  const notes = GOOD_TO_KNOW.map((note) => wrapText(doc, note, NOTE, CARD.width - 14, 3));
  if (notesY + 22 + (notes[0]?.length ?? 1) * 12.5 <= notesEnd) {
    textLine(doc, page, 'Good to know', MARGIN, notesY, { size: 11, weight: 'bold', color: COLOR.ink });
    notesY += 8;
    for (const lines of notes) {
      if (notesY + 14 + (lines.length - 1) * 12.5 > notesEnd) break;
      notesY += 14;
      const bulletY = notesY - 3;
      artifact(doc, () => {
        doc
          .save()
          .circle(MARGIN + 3, bulletY, 1.6)
          .fill(COLOR.brand)
          .restore();
      });
      lines.forEach((line, lineIndex) => {
        if (lineIndex > 0) notesY += 12.5;
        textLine(doc, page, line, MARGIN + 14, notesY, NOTE);
      });
    }
  }

  // Footer.
  artifact(doc, () => {
    doc
      .save()
      .moveTo(MARGIN, footerY - 14)
      .lineTo(right, footerY - 14)
      .lineWidth(0.5)
      .stroke(COLOR.line)
      .restore();
  });
  const footer: TextStyle = { size: 7.5, weight: 'regular', color: COLOR.faint };
  textLine(doc, page, `Marquee e-ticket · Booking ${sheet.bookingId} · ${ordinal}`, MARGIN, footerY, footer);
  textRight(doc, page, `Issued ${formatEventDate(sheet.issuedAt.toISOString(), zone)}`, right, footerY, footer);
  if (sheet.isTest) drawTestMark(doc, page);
  page.end();
}

/** A test ticket's band across the top margin, above the header: what it is, in words a gate and a buyer read. */
function drawTestMark(doc: PDFKit.PDFDocument, page: PDFKit.PDFStructureElement): void {
  const band = { top: 8, height: 26 };
  artifact(doc, () => {
    doc.save().rect(0, band.top, PAGE.width, band.height).fill(COLOR.testBand).restore();
  });
  const mark: TextStyle = { size: 10, weight: 'bold', color: '#ffffff', tracking: 0.6 };
  const note: TextStyle = { size: 8, weight: 'regular', color: '#ffffff' };
  const gap = 10;
  const width = measureText(doc, TEST_TICKET_MARK, mark) + gap + measureText(doc, TEST_TICKET_NOTE, note);
  const x = (PAGE.width - width) / 2;
  const baseline = band.top + band.height / 2 + 3.5;
  const markWidth = textLine(doc, page, TEST_TICKET_MARK, x, baseline, mark);
  textLine(doc, page, TEST_TICKET_NOTE, x + markWidth + gap, baseline, note);
}
