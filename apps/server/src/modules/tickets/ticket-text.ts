import { fontFace, splitRuns, type FontWeight, type TextRun } from './ticket-fonts';

/**
 * Text set in runs of one script each (ticket-fonts), measured and drawn on a baseline so that runs in
 * different fonts line up. pdfkit's own line breaking works in one font at a time; a ticket's lines are
 * short, so they are fitted (shrunk, wrapped, cut with an ellipsis) here.
 */

export interface TextStyle {
  size: number;
  weight: FontWeight;
  color: string;
  /** Extra space between characters, points (labels are letter-spaced). */
  tracking?: number;
}

function useFont(doc: PDFKit.PDFDocument, run: TextRun, style: TextStyle): boolean {
  const face = fontFace(run.script, style.weight);
  doc.font(face.name).fontSize(style.size);
  return face.isFauxBold;
}

export function measureText(doc: PDFKit.PDFDocument, text: string, style: TextStyle): number {
  let width = 0;
  for (const run of splitRuns(text)) {
    useFont(doc, run, style);
    width += doc.widthOfString(run.text, { characterSpacing: style.tracking ?? 0 });
  }
  return width;
}

/** Draws one line with its baseline at `baseline`; answers its width. */
export function drawLine(doc: PDFKit.PDFDocument, text: string, x: number, baseline: number, style: TextStyle): number {
  let cursor = x;
  doc.save();
  doc.fillColor(style.color);
  for (const run of splitRuns(text)) {
    const isFauxBold = useFont(doc, run, style);
    const options: PDFKit.Mixins.TextOptions = {
      lineBreak: false,
      baseline: 'alphabetic',
      characterSpacing: style.tracking ?? 0,
    };
    if (isFauxBold) {
      // No bold CJK face is shipped (decisions/014): a thin stroke of the outline in the text colour.
      doc.strokeColor(style.color).lineWidth(style.size * 0.035).lineJoin('round');
      doc.text(run.text, cursor, baseline, { ...options, fill: true, stroke: true });
    } else {
      doc.text(run.text, cursor, baseline, options);
    }
    cursor += doc.widthOfString(run.text, { characterSpacing: style.tracking ?? 0 });
  }
  doc.restore();
  return cursor - x;
}

const ELLIPSIS = '…';
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The longest start of `text` (whole graphemes: a Sinhala letter keeps its marks) that fits with an ellipsis. */
export function ellipsize(doc: PDFKit.PDFDocument, text: string, style: TextStyle, maxWidth: number): string {
  if (measureText(doc, text, style) <= maxWidth) return text;
  const parts = [...graphemes.segment(text)].map((part) => part.segment);
  let low = 0;
  let high = parts.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measureText(doc, `${parts.slice(0, mid).join('').trimEnd()}${ELLIPSIS}`, style) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return `${parts.slice(0, low).join('').trimEnd()}${ELLIPSIS}`;
}

/**
 * Greedy word wrap into at most `maxLines` lines; a word wider than a line (a long name in Chinese, which
 * has no spaces) is broken between graphemes; what does not fit ends in an ellipsis.
 */
export function wrapText(
  doc: PDFKit.PDFDocument,
  text: string,
  style: TextStyle,
  maxWidth: number,
  maxLines: number,
): string[] {
  const lines: string[] = [];
  let line = '';
  const tokens: string[] = [];
  for (const word of text.split(' ')) {
    if (measureText(doc, word, style) <= maxWidth) {
      tokens.push(word);
      continue;
    }
    let piece = '';
    for (const { segment } of graphemes.segment(word)) {
      if (piece && measureText(doc, piece + segment, style) > maxWidth) {
        tokens.push(piece);
        piece = '';
      }
      piece += segment;
    }
    if (piece) tokens.push(piece);
  }
  for (const token of tokens) {
    const candidate = line ? `${line} ${token}` : token;
    if (!line || measureText(doc, candidate, style) <= maxWidth) {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = token;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsize(doc, `${lines.slice(maxLines - 1).join(' ')}`, style, maxWidth);
  return kept;
}

/** The largest size from `style.size` down to `minSize` (half-point steps) at which the text fits on one line. */
export function fitSize(doc: PDFKit.PDFDocument, text: string, style: TextStyle, maxWidth: number, minSize: number): number {
  let size = style.size;
  while (size > minSize && measureText(doc, text, { ...style, size }) > maxWidth) size -= 0.5;
  return size;
}
