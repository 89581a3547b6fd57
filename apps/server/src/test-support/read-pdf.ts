import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { z } from 'zod';

/**
 * Reads a PDF the way a person and a gate do: its text per page (pdf.js), the ActualText of its tagged
 * structure (what readers copy for Sinhala and Tamil, whose glyphs are reordered by shaping), its
 * metadata, and each page rendered to pixels (pdf.js on @napi-rs/canvas) with the QR code decoded (jsQR).
 */

export interface PdfPage {
  /** The text as pdf.js extracts it, a line per text line. */
  text: string;
  /** Every ActualText / Alt of the page's structure elements. */
  actualTexts: string[];
}

const InfoSchema = z.object({ Title: z.string().optional() });

interface StructNode {
  alt?: string | undefined;
  children?: StructNode[] | undefined;
}
const StructNodeSchema: z.ZodType<StructNode> = z.lazy(() =>
  z.object({ alt: z.string().optional(), children: z.array(StructNodeSchema).optional() }),
);

function collectAlt(node: StructNode, into: string[]): void {
  if (typeof node.alt === 'string') into.push(node.alt);
  for (const child of node.children ?? []) collectAlt(child, into);
}

function open(pdf: Buffer) {
  return getDocument({ data: new Uint8Array(pdf), useSystemFonts: false });
}

export async function readPdf(pdf: Buffer): Promise<{ title: string | undefined; pages: PdfPage[] }> {
  const task = open(pdf);
  const document = await task.promise;
  try {
    const pages: PdfPage[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      const actualTexts: string[] = [];
      const tree = await page.getStructTree();
      if (tree) collectAlt(StructNodeSchema.parse(tree), actualTexts);
      pages.push({ text, actualTexts });
    }
    const { info } = await document.getMetadata();
    return { title: InfoSchema.parse(info).Title, pages };
  } finally {
    await task.destroy();
  }
}

/** Renders a page at `scale` (1 = 72 dpi): its pixels, and a PNG of them on request. */
export async function renderPage(pdf: Buffer, pageNumber: number, scale = 2) {
  const task = open(pdf);
  const document = await task.promise;
  try {
    const page = await document.getPage(pageNumber);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return { rgba: image.data, width: canvas.width, height: canvas.height, png: () => canvas.toBuffer('image/png') };
  } finally {
    await task.destroy();
  }
}

/** The QR code on a page, decoded from its pixels as a phone at the gate would; null when none is found. */
export async function decodePageQr(pdf: Buffer, pageNumber: number): Promise<string | null> {
  // 1.5: about 3.6 pixels a module, as a phone sees a printed ticket; enough for jsQR and quick to draw.
  const { rgba, width, height } = await renderPage(pdf, pageNumber, 1.5);
  return jsQR(rgba, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/**
 * With TICKETS_PREVIEW_DIR set, writes the page as PNG there, to look at:
 * `TICKETS_PREVIEW_DIR=/tmp/tickets npx vitest run apps/server/src/modules/tickets`.
 */
export async function savePreview(pdf: Buffer, pageNumber: number, name: string): Promise<void> {
  const dir = process.env.TICKETS_PREVIEW_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(resolve(dir, `${name}.png`), (await renderPage(pdf, pageNumber, 1.5)).png());
}
