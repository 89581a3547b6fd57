import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

/**
 * The fonts a ticket is printed with. A buyer's name (or an event's, a venue's) may be in any of the
 * scripts Marquee's buyers write: Latin, Sinhala, Tamil, Chinese. PDF's standard fonts cover Latin-1
 * only, so each run of text is set in the Noto font for its script, embedded (pdfkit subsets it to
 * the glyphs used). The Chinese font is a GB2312 subset of Noto Sans SC kept in apps/server/assets
 * (decisions/014): the full font is 10 MB.
 */

export type TicketScript = 'latin' | 'sinhala' | 'tamil' | 'cjk';
export type FontWeight = 'regular' | 'bold';

export interface TextRun {
  script: TicketScript;
  text: string;
}

const require = createRequire(import.meta.url);
const ASSETS_DIR = resolve(import.meta.dirname, '../../../assets/fonts');

interface FontFace {
  /** The name the face is registered under in each document. */
  name: string;
  file: () => string;
  /** No bold face is shipped: bold is drawn by stroking the outline (CJK only). */
  isFauxBold: boolean;
}

function packageFont(path: string): () => string {
  return () => require.resolve(path);
}

const FACES: Record<TicketScript, Record<FontWeight, FontFace>> = {
  latin: {
    regular: { name: 'NotoSans', file: packageFont('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'), isFauxBold: false },
    bold: { name: 'NotoSans-Bold', file: packageFont('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'), isFauxBold: false },
  },
  sinhala: {
    regular: {
      name: 'NotoSansSinhala',
      file: packageFont('@expo-google-fonts/noto-sans-sinhala/400Regular/NotoSansSinhala_400Regular.ttf'),
      isFauxBold: false,
    },
    bold: {
      name: 'NotoSansSinhala-Bold',
      file: packageFont('@expo-google-fonts/noto-sans-sinhala/700Bold/NotoSansSinhala_700Bold.ttf'),
      isFauxBold: false,
    },
  },
  tamil: {
    regular: {
      name: 'NotoSansTamil',
      file: packageFont('@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf'),
      isFauxBold: false,
    },
    bold: {
      name: 'NotoSansTamil-Bold',
      file: packageFont('@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf'),
      isFauxBold: false,
    },
  },
  cjk: {
    regular: { name: 'NotoSansSC', file: () => resolve(ASSETS_DIR, 'NotoSansSC-Regular-GB2312.ttf'), isFauxBold: false },
    bold: { name: 'NotoSansSC', file: () => resolve(ASSETS_DIR, 'NotoSansSC-Regular-GB2312.ttf'), isFauxBold: true },
  },
};

export function fontFace(script: TicketScript, weight: FontWeight): FontFace {
  return FACES[script][weight];
}

/** Font files are read once per process (about 4 MB together) and shared by every document. */
const fontData = new Map<string, Buffer>();

/** Every face with its bytes, for `doc.registerFont` (pdfkit parses a face only when it is used). */
export function ticketFontFiles(): Array<{ name: string; data: Buffer }> {
  const faces = new Map<string, FontFace>();
  for (const weights of Object.values(FACES)) for (const face of Object.values(weights)) faces.set(face.name, face);
  return [...faces.values()].map((face) => {
    let data = fontData.get(face.name);
    if (!data) {
      data = readFileSync(face.file());
      fontData.set(face.name, data);
    }
    return { name: face.name, data };
  });
}

function scriptOf(codePoint: number): TicketScript | null {
  if ((codePoint >= 0x0d80 && codePoint <= 0x0dff) || (codePoint >= 0x111e0 && codePoint <= 0x111ff)) return 'sinhala';
  if ((codePoint >= 0x0b80 && codePoint <= 0x0bff) || (codePoint >= 0x11fc0 && codePoint <= 0x11fff)) return 'tamil';
  if (
    (codePoint >= 0x2e80 && codePoint <= 0x2fdf) || // radicals
    (codePoint >= 0x3000 && codePoint <= 0x31ff) || // CJK punctuation, kana, bopomofo
    (codePoint >= 0x3400 && codePoint <= 0x4dbf) ||
    (codePoint >= 0x4e00 && codePoint <= 0x9fff) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xffef) || // full-width forms
    (codePoint >= 0x20000 && codePoint <= 0x2fa1f)
  ) {
    return 'cjk';
  }
  return null;
}

/** Spaces, combining marks and the joiners Sinhala needs (ZWJ, ZWNJ) stay in the run they are in. */
const NEUTRAL = /^[\s\p{M}\u200c\u200d]$/u;

/** Splits text into runs of one script each, so that each run is set in its own font. */
export function splitRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let pending = '';
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const last = runs.at(-1);
    if (NEUTRAL.test(char)) {
      if (last) last.text += char;
      else pending += char;
      continue;
    }
    const script = scriptOf(codePoint) ?? 'latin';
    if (last && last.script === script) last.text += char;
    else runs.push({ script, text: pending + char });
    pending = '';
  }
  if (pending) runs.push({ script: 'latin', text: pending });
  return runs;
}

/** Whether text needs shaping that reorders glyphs, so that its glyph order is not its reading order. */
export function isComplexScript(runs: readonly TextRun[]): boolean {
  return runs.some((run) => run.script === 'sinhala' || run.script === 'tamil');
}

/**
 * Text that is data (a buyer's name, an event's) as it may be printed: NFC, control and formatting
 * characters removed (bidi overrides among them) except the joiners Sinhala spelling needs, runs of
 * white space made one space. Nothing in a PDF drawn with pdfkit's text calls can be injected, but a
 * stray control character would print as a box.
 */
export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[\p{Cf}\p{Co}\p{Cs}]/gu, (char) => (char === '\u200c' || char === '\u200d' ? char : ''))
    .replace(/\s+/g, ' ')
    .trim();
}
