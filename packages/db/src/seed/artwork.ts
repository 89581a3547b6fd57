import { createHash } from 'node:crypto';
import type { EventType } from '@marquee/domain/categories';

/**
 * Original poster artwork for the demo catalogue, drawn as small SVG files (decisions/006): layered
 * gradients, a motif per category (stage beams and a crowd, curtains and a spotlight, ribbons of
 * movement, campus geometry) and the event's name set in type. Everything is seeded from a key, so
 * re-running the generator gives byte-identical files.
 */

interface Palette {
  /** Darkest background, mid background, main accent, light accent. */
  deep: string;
  mid: string;
  accent: string;
  light: string;
}

const PALETTES: Record<EventType, Palette[]> = {
  concerts: [
    { deep: '#0b0326', mid: '#3a0ca3', accent: '#f72585', light: '#4cc9f0' },
    { deep: '#07040f', mid: '#6a040f', accent: '#f48c06', light: '#ffd166' },
    { deep: '#001219', mid: '#005f73', accent: '#0a9396', light: '#e9d8a6' },
    { deep: '#10002b', mid: '#5a189a', accent: '#ff9e00', light: '#e0aaff' },
  ],
  theatre: [
    { deep: '#140708', mid: '#5c0f1b', accent: '#c9a227', light: '#f4e3b2' },
    { deep: '#0a1420', mid: '#1b263b', accent: '#e0a458', light: '#ffdbb5' },
    { deep: '#150818', mid: '#4a1942', accent: '#e26d5c', light: '#ffe1a8' },
  ],
  dance: [
    { deep: '#1c0629', mid: '#7b1fa2', accent: '#ff006e', light: '#ffbe0b' },
    { deep: '#02033d', mid: '#0077b6', accent: '#00f5d4', light: '#fee440' },
    { deep: '#1a0033', mid: '#6a3d9a', accent: '#ff5d8f', light: '#ffd6e0' },
  ],
  'uni-events': [
    { deep: '#0e1a33', mid: '#14213d', accent: '#fca311', light: '#f1faee' },
    { deep: '#0f2440', mid: '#1d3557', accent: '#2a9d8f', light: '#e9c46a' },
    { deep: '#16162b', mid: '#3a3a6e', accent: '#f72585', light: '#ffd60a' },
  ],
};

const TYPE_LABEL: Record<EventType, string> = {
  concerts: 'CONCERT',
  theatre: 'THEATRE',
  dance: 'DANCE',
  'uni-events': 'UNI EVENT',
};

const FONT = "'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', sans-serif";

/** A small deterministic PRNG (mulberry32) seeded from a string. */
function randomFrom(key: string): () => number {
  let state = createHash('sha256').update(key).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whole-unit coordinates keep the files small; at these canvas sizes nobody sees the difference. */
function n(value: number): string {
  return String(Math.round(value));
}

/** Fractions (opacities, gradient vectors, letter spacing) keep two decimals. */
function f(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const FALLBACK_PALETTE: Palette = { deep: '#0b0326', mid: '#3a0ca3', accent: '#f72585', light: '#4cc9f0' };

export interface PosterStyle {
  /** Index into the category's palettes and its two compositions (both wrap around). */
  palette: number;
  variant: number;
}

/** The style of an event's artwork: given, or derived from its key. */
function resolveStyle(input: { key: string; style?: PosterStyle | undefined }): PosterStyle {
  if (input.style) return input.style;
  const random = randomFrom(input.key);
  return { palette: Math.floor(random() * 12), variant: Math.floor(random() * 2) };
}

function paletteOf(type: EventType, style: PosterStyle): Palette {
  const options = PALETTES[type];
  return options[style.palette % options.length] ?? FALLBACK_PALETTE;
}

/** Greedy word wrap by an estimate of bold sans-serif glyph widths (about 0.64 em for bold capitals). */
function wrapTitle(
  title: string,
  maxWidth: number,
  maxSize: number,
  minSize: number,
  maxLines: number,
): { lines: string[]; size: number } {
  const words = title.split(/\s+/).filter(Boolean);
  for (let size = maxSize; size >= minSize; size -= 2) {
    const perLine = Math.floor(maxWidth / (size * 0.64));
    const lines: string[] = [];
    let current = '';
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (candidate.length <= perLine || !current) current = candidate;
      else {
        lines.push(current);
        current = word;
      }
    }
    if (current) lines.push(current);
    if (lines.length <= maxLines && lines.every((line) => line.length <= perLine)) return { lines, size };
  }
  const perLine = Math.floor(maxWidth / (minSize * 0.64));
  return { lines: [title.slice(0, perLine - 1) + '…'], size: minSize };
}

interface Canvas {
  w: number;
  h: number;
  random: () => number;
  palette: Palette;
}

/** Stage lights fanning down onto a glowing horizon over a crowd with raised hands. */
function concertMotif({ w, h, random, palette }: Canvas): string {
  const parts: string[] = [];
  parts.push(
    `<ellipse cx="${n(w * (0.45 + random() * 0.2))}" cy="${n(h * 0.78)}" rx="${n(w * 0.7)}" ry="${n(h * 0.32)}" fill="url(#glow)"/>`,
  );
  const beams = 5 + Math.floor(random() * 3);
  for (let i = 0; i < beams; i++) {
    const ox = w * (0.15 + (0.7 * i) / (beams - 1)) + (random() - 0.5) * w * 0.05;
    const tx = ox + (random() - 0.5) * w * 0.9;
    const spread = w * (0.05 + random() * 0.08);
    parts.push(
      `<path d="M${n(ox - 3)} -4L${n(ox + 3)} -4L${n(tx + spread)} ${h}L${n(tx - spread)} ${h}Z" fill="url(#beam${i % 2})"/>`,
    );
  }
  for (let i = 0; i < beams; i++) {
    const ox = w * (0.15 + (0.7 * i) / (beams - 1));
    parts.push(`<circle cx="${n(ox)}" cy="2" r="${n(w * 0.012)}" fill="${palette.light}"/>`);
  }
  // The crowd: heads and shoulders along the bottom, a few hands up.
  const base = h * 0.9;
  const unit = w / 22;
  let crowd = `M0 ${h}`;
  const arms: string[] = [];
  for (let x = -unit * 0.3; x < w + unit; x += unit * (0.75 + random() * 0.45)) {
    const lift = random() * h * 0.06;
    const r = unit * (0.32 + random() * 0.1);
    const top = base - lift;
    crowd += `L${n(x - r * 1.6)} ${n(top + r * 2.6)}Q${n(x - r * 1.5)} ${n(top + r * 1.2)} ${n(x - r * 0.7)} ${n(top + r * 1.1)}`;
    crowd += `A${n(r)} ${n(r)} 0 1 1 ${n(x + r * 0.7)} ${n(top + r * 1.1)}Q${n(x + r * 1.5)} ${n(top + r * 1.2)} ${n(x + r * 1.6)} ${n(top + r * 2.6)}`;
    if (random() < 0.22) {
      const side = random() < 0.5 ? -1 : 1;
      arms.push(`M${n(x + side * r)} ${n(top + r * 1.6)}L${n(x + side * r * 2.2)} ${n(top - r * 2.4)}`);
    }
  }
  crowd += `L${w} ${h}Z`;
  parts.push(
    `<path d="${arms.join('')}" stroke="${palette.deep}" stroke-width="${n(unit * 0.2)}" stroke-linecap="round"/>`,
  );
  parts.push(`<path d="${crowd}" fill="${palette.deep}"/>`);
  return parts.join('');
}

/** A standing performer in a long coat, feet at (x, floor), about 100·scale tall. */
function figure(x: number, floor: number, scale: number, fill: string): string {
  const s = scale;
  return `<path d="M${n(x - 9 * s)} ${n(floor - 95 * s)}a${n(9 * s)} ${n(9 * s)} 0 1 1 ${n(18 * s)} 0a${n(9 * s)} ${n(9 * s)} 0 1 1 ${n(-18 * s)} 0ZM${n(x - 13 * s)} ${n(floor - 80 * s)}q${n(13 * s)} ${n(-6 * s)} ${n(26 * s)} 0l${n(7 * s)} ${n(42 * s)}l${n(-6 * s)} 0l${n(3 * s)} ${n(38 * s)}l${n(-32 * s)} 0l${n(3 * s)} ${n(-38 * s)}l${n(-6 * s)} 0Z" fill="${fill}"/>`;
}

/** Tied-back curtains with folds, a valance, and a performer in a spotlight. */
function theatreMotif({ w, h, random, palette }: Canvas): string {
  const parts: string[] = [];
  const cx = w * (0.42 + random() * 0.16);
  const floor = h * 0.8;
  parts.push(
    `<path d="M${n(cx - w * 0.03)} 0L${n(cx + w * 0.03)} 0L${n(cx + w * 0.2)} ${n(floor)}L${n(cx - w * 0.2)} ${n(floor)}Z" fill="url(#beam0)"/>`,
  );
  parts.push(
    `<ellipse cx="${n(cx)}" cy="${n(floor)}" rx="${n(w * 0.22)}" ry="${n(h * 0.05)}" fill="${palette.light}" opacity=".35"/>`,
  );
  parts.push(figure(cx, floor, h * 0.0042, palette.deep));
  const curtain = (side: 1 | -1): string => {
    const x0 = side === 1 ? 0 : w;
    const inner = x0 + side * w * (0.26 + random() * 0.06);
    const tie = x0 + side * w * 0.07;
    return `<path d="M${x0} 0L${n(inner)} 0Q${n(inner - side * w * 0.03)} ${n(h * 0.45)} ${n(tie)} ${n(h * 0.62)}Q${n(tie + side * w * 0.02)} ${n(h * 0.85)} ${n(x0 + side * w * 0.12)} ${h}L${x0} ${h}Z" fill="url(#folds)"/>`;
  };
  parts.push(curtain(1), curtain(-1));
  // Valance: a scalloped pelmet across the top.
  const swags = 7;
  const depth = h * 0.1;
  let valance = `M0 0L${w} 0L${w} ${n(depth)}`;
  for (let i = swags; i > 0; i--) {
    const x1 = (w * (i - 1)) / swags;
    valance += `Q${n((w * (i - 0.5)) / swags)} ${n(depth * 1.9)} ${n(x1)} ${n(depth)}`;
  }
  parts.push(`<path d="${valance}Z" fill="url(#folds)"/>`);
  parts.push(
    `<path d="M0 ${n(depth * 0.35)}L${w} ${n(depth * 0.35)}" stroke="${palette.accent}" stroke-width="${n(h * 0.012)}" opacity=".8"/>`,
  );
  return parts.join('');
}

/** Ribbons of movement sweeping across a large disc, with sparks. */
function danceMotif({ w, h, random, palette }: Canvas): string {
  const parts: string[] = [];
  parts.push(
    `<circle cx="${n(w * (0.55 + random() * 0.25))}" cy="${n(h * (0.3 + random() * 0.2))}" r="${n(h * 0.42)}" fill="url(#glow)"/>`,
  );
  const ribbons = 4;
  for (let i = 0; i < ribbons; i++) {
    const y0 = h * (0.25 + random() * 0.55);
    const y1 = h * (random() * 0.9);
    const y2 = h * (0.1 + random() * 0.9);
    const y3 = h * (0.1 + random() * 0.6);
    const width = h * (0.02 + random() * (i === 0 ? 0.12 : 0.06));
    parts.push(
      `<path d="M${n(-w * 0.05)} ${n(y0)}C${n(w * 0.3)} ${n(y1)} ${n(w * 0.6)} ${n(y2)} ${n(w * 1.05)} ${n(y3)}" stroke="url(#ribbon${i % 2})" stroke-width="${n(width)}" fill="none" stroke-linecap="round" opacity="${f(0.55 + random() * 0.4)}"/>`,
    );
  }
  for (let i = 0; i < 18; i++) {
    const r = h * (0.004 + random() * 0.01);
    parts.push(
      `<circle cx="${n(random() * w)}" cy="${n(random() * h * 0.8)}" r="${n(r)}" fill="${random() < 0.5 ? palette.light : palette.accent}" opacity="${f(0.5 + random() * 0.5)}"/>`,
    );
  }
  return parts.join('');
}

/** Bauhaus campus geometry: big circle, half-disc, triangle, stripes and confetti. */
function uniMotif({ w, h, random, palette }: Canvas): string {
  const parts: string[] = [];
  parts.push(`<rect width="${w}" height="${h}" fill="url(#grid)"/>`);
  parts.push(
    `<circle cx="${n(w * (0.7 + random() * 0.15))}" cy="${n(h * 0.32)}" r="${n(h * 0.36)}" fill="${palette.accent}"/>`,
  );
  const hx = w * (0.35 + random() * 0.2);
  const hr = h * 0.22;
  parts.push(
    `<path d="M${n(hx - hr)} ${n(h * 0.42)}A${n(hr)} ${n(hr)} 0 0 1 ${n(hx + hr)} ${n(h * 0.42)}Z" fill="${palette.light}" opacity=".9"/>`,
  );
  // On a wide banner the title sits on the left, so the triangle moves towards the middle.
  const tx = w * ((w > h * 2 ? 0.42 : 0.08) + random() * 0.12);
  parts.push(
    `<path d="M${n(tx)} ${n(h * 0.5)}L${n(tx + h * 0.24)} ${n(h * 0.08)}L${n(tx + h * 0.48)} ${n(h * 0.5)}Z" fill="${palette.mid}" stroke="${palette.light}" stroke-width="${n(h * 0.006)}"/>`,
  );
  for (let i = 0; i < 5; i++) {
    const y = h * 0.72 + i * h * 0.025;
    parts.push(
      `<path d="M${n(w * 0.55)} ${n(y)}L${w} ${n(y - w * 0.12)}" stroke="${palette.light}" stroke-width="${n(h * 0.006)}" opacity=".5"/>`,
    );
  }
  const colours = [palette.accent, palette.light, '#ffffff'];
  for (let i = 0; i < 16; i++) {
    const x = random() * w;
    const y = random() * h * 0.85;
    const size = h * (0.012 + random() * 0.018);
    parts.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(size)}" height="${n(size * 0.45)}" fill="${colours[i % 3] ?? palette.light}" transform="rotate(${Math.round(random() * 180)} ${n(x)} ${n(y)})"/>`,
    );
  }
  return parts.join('');
}

/** A striped sunset disc over an equaliser skyline. */
function concertSunsetMotif({ w, h, random, palette }: Canvas): string {
  const parts: string[] = [];
  const cx = w * (0.55 + random() * 0.2);
  const cy = h * 0.42;
  const r = h * 0.32;
  parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 1.9)}" fill="url(#glow)"/>`);
  parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#sun)"/>`);
  // Horizontal cuts through the lower half, each as wide as the disc at its height.
  for (let i = 0; i < 6; i++) {
    const dy = r * (0.05 + i * 0.17);
    const half = Math.sqrt(Math.max(0, r * r - dy * dy));
    parts.push(
      `<rect x="${n(cx - half)}" y="${n(cy + dy)}" width="${n(half * 2)}" height="${n(r * (0.03 + i * 0.018))}" fill="${palette.mid}"/>`,
    );
  }
  const bars = 36;
  const barWidth = w / bars;
  let eq = '';
  for (let i = 0; i < bars; i++) {
    const wave = Math.sin((i / bars) * Math.PI * (2 + random())) * 0.5 + 0.5;
    const height = h * (0.06 + wave * 0.16 + random() * 0.1);
    eq += `M${n(i * barWidth + barWidth * 0.2)} ${h}v${n(-height)}h${n(barWidth * 0.6)}v${n(height)}Z`;
  }
  parts.push(`<path d="${eq}" fill="${palette.light}" opacity=".35"/>`);
  for (let i = 0; i < 14; i++) {
    parts.push(
      `<circle cx="${n(random() * w)}" cy="${n(random() * h * 0.5)}" r="${f(0.8 + random() * 1.6)}" fill="#fff" opacity="${f(0.4 + random() * 0.5)}"/>`,
    );
  }
  return parts.join('');
}

/** A proscenium arch over a stage floor in perspective, two players under a wash of light. */
function theatreArchMotif({ w, h, random, palette }: Canvas): string {
  const parts: string[] = [];
  const horizon = h * 0.66;
  parts.push(`<circle cx="${n(w * 0.5)}" cy="${n(h * 0.42)}" r="${n(h * 0.36)}" fill="url(#glow)"/>`);
  let boards = `M${n(w * 0.16)} ${n(horizon)}L${n(w * 0.84)} ${n(horizon)}L${w} ${h}L0 ${h}Z`;
  parts.push(`<path d="${boards}" fill="${palette.deep}" opacity=".75"/>`);
  boards = '';
  for (let i = 1; i < 10; i++) {
    boards += `M${n(w * 0.16 + (w * 0.68 * i) / 10)} ${n(horizon)}L${n((w * i) / 10)} ${h}`;
  }
  parts.push(`<path d="${boards}" stroke="${palette.accent}" stroke-opacity=".35" stroke-width="1.5"/>`);
  const gap = w * (0.1 + random() * 0.08);
  parts.push(
    figure(w * 0.5 - gap, h * 0.8, h * 0.0046, palette.deep),
    figure(w * 0.5 + gap, h * 0.77, h * 0.0042, palette.deep),
  );
  const side = w * 0.09;
  const top = h * 0.1;
  parts.push(
    `<path d="M0 0H${w}V${h}H${n(w - side)}V${n(h * 0.32)}Q${n(w - side)} ${n(top)} ${n(w * 0.5)} ${n(top)}Q${n(side)} ${n(top)} ${n(side)} ${n(h * 0.32)}V${h}H0Z" fill="${palette.deep}"/>`,
  );
  parts.push(
    `<path d="M${n(side)} ${h}V${n(h * 0.32)}Q${n(side)} ${n(top)} ${n(w * 0.5)} ${n(top)}Q${n(w - side)} ${n(top)} ${n(w - side)} ${n(h * 0.32)}V${h}" fill="none" stroke="${palette.accent}" stroke-width="${n(h * 0.012)}"/>`,
  );
  return parts.join('');
}

/** A twirl: rotated ellipses like a spinning skirt, with sparks. */
function danceTwirlMotif({ w, h, random, palette }: Canvas): string {
  const parts: string[] = [];
  const cx = w * (0.58 + random() * 0.2);
  const cy = h * 0.42;
  parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(h * 0.5)}" fill="url(#glow)"/>`);
  const loops = 11;
  const offset = random() * 30;
  for (let i = 0; i < loops; i++) {
    const angle = offset + (i * 180) / loops;
    parts.push(
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(h * (0.36 + random() * 0.06))}" ry="${n(h * 0.1)}" transform="rotate(${n(angle)} ${n(cx)} ${n(cy)})" fill="none" stroke="url(#ribbon${i % 2})" stroke-width="${f(1.5 + random() * 4)}" opacity="${f(0.5 + random() * 0.5)}"/>`,
    );
  }
  parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(h * 0.025)}" fill="${palette.light}"/>`);
  for (let i = 0; i < 12; i++) {
    parts.push(
      `<circle cx="${n(random() * w)}" cy="${n(random() * h * 0.8)}" r="${f(h * (0.004 + random() * 0.008))}" fill="${palette.light}" opacity="${f(0.4 + random() * 0.6)}"/>`,
    );
  }
  return parts.join('');
}

/** Bauhaus tiles: quarter circles, half discs and triangles on a grid. */
function uniTilesMotif({ w, h, random, palette }: Canvas): string {
  const parts: string[] = [];
  const size = h / 4;
  const columns = Math.ceil((w * 0.62) / size);
  const left = w - columns * size;
  const colours = [palette.accent, palette.light, palette.mid, palette.deep];
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < columns; col++) {
      const x = left + col * size;
      const y = row * size;
      const back = colours[(row + col) % 2 === 0 ? 2 : 3] ?? palette.mid;
      const front = colours[Math.floor(random() * 2)] ?? palette.accent;
      parts.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(size)}" height="${n(size)}" fill="${back}"/>`);
      const shape = Math.floor(random() * 4);
      if (shape === 0)
        parts.push(
          `<path d="M${n(x)} ${n(y + size)}A${n(size)} ${n(size)} 0 0 1 ${n(x + size)} ${n(y)}V${n(y + size)}Z" fill="${front}"/>`,
        );
      else if (shape === 1)
        parts.push(
          `<path d="M${n(x)} ${n(y + size)}A${n(size / 2)} ${n(size / 2)} 0 0 1 ${n(x + size)} ${n(y + size)}Z" fill="${front}"/>`,
        );
      else if (shape === 2)
        parts.push(`<circle cx="${n(x + size / 2)}" cy="${n(y + size / 2)}" r="${n(size * 0.34)}" fill="${front}"/>`);
      else parts.push(`<path d="M${n(x)} ${n(y)}H${n(x + size)}L${n(x)} ${n(y + size)}Z" fill="${front}"/>`);
    }
  }
  return parts.join('');
}

interface Motif {
  draw: (canvas: Canvas) => string;
  /** The gradients and patterns it uses, so each file only carries what it needs. */
  defs: readonly string[];
}

/** Two compositions per category. */
const MOTIFS: Record<EventType, readonly [Motif, Motif]> = {
  concerts: [
    { draw: concertMotif, defs: ['glow', 'beam0', 'beam1'] },
    { draw: concertSunsetMotif, defs: ['glow', 'sun'] },
  ],
  theatre: [
    { draw: theatreMotif, defs: ['beam0', 'folds'] },
    { draw: theatreArchMotif, defs: ['glow'] },
  ],
  dance: [
    { draw: danceMotif, defs: ['glow', 'ribbon0', 'ribbon1'] },
    { draw: danceTwirlMotif, defs: ['glow', 'ribbon0', 'ribbon1'] },
  ],
  'uni-events': [
    { draw: uniMotif, defs: ['grid'] },
    { draw: uniTilesMotif, defs: [] },
  ],
};

function motifOf(type: EventType, style: PosterStyle): Motif {
  return MOTIFS[type][style.variant % 2 === 0 ? 0 : 1];
}

function defs({ w, h, palette }: Canvas, motif: Motif, textSide: 'bottom' | 'left'): string {
  const all: Record<string, string> = {
    glow: `<radialGradient id="glow"><stop offset="0" stop-color="${palette.accent}" stop-opacity=".85"/><stop offset=".55" stop-color="${palette.accent}" stop-opacity=".25"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>`,
    beam0: `<linearGradient id="beam0" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.light}" stop-opacity=".75"/><stop offset="1" stop-color="${palette.light}" stop-opacity="0"/></linearGradient>`,
    beam1: `<linearGradient id="beam1" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.accent}" stop-opacity=".7"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></linearGradient>`,
    ribbon0: `<linearGradient id="ribbon0" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${palette.accent}" stop-opacity="0"/><stop offset=".5" stop-color="${palette.accent}"/><stop offset="1" stop-color="${palette.light}"/></linearGradient>`,
    ribbon1: `<linearGradient id="ribbon1" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${palette.light}"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></linearGradient>`,
    folds:
      `<linearGradient id="fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${palette.deep}"/><stop offset=".45" stop-color="${palette.mid}"/><stop offset=".7" stop-color="${palette.accent}" stop-opacity=".55"/><stop offset="1" stop-color="${palette.deep}"/></linearGradient>` +
      `<pattern id="folds" width="${n(w / 22)}" height="${h}" patternUnits="userSpaceOnUse"><rect width="${n(w / 22)}" height="${h}" fill="url(#fold)"/></pattern>`,
    sun: `<linearGradient id="sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.light}"/><stop offset="1" stop-color="${palette.accent}"/></linearGradient>`,
    grid: `<pattern id="grid" width="${n(h / 10)}" height="${n(h / 10)}" patternUnits="userSpaceOnUse"><path d="M${n(h / 10)} 0L0 0 0 ${n(h / 10)}" fill="none" stroke="${palette.light}" stroke-opacity=".08"/></pattern>`,
  };
  const scrim =
    textSide === 'bottom'
      ? `<linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1"><stop offset=".35" stop-color="${palette.deep}" stop-opacity="0"/><stop offset="1" stop-color="${palette.deep}" stop-opacity=".92"/></linearGradient>`
      : `<linearGradient id="scrim" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${palette.deep}" stop-opacity=".94"/><stop offset=".6" stop-color="${palette.deep}" stop-opacity="0"/></linearGradient>`;
  return (
    `<defs>` +
    `<linearGradient id="bg" x1="0" y1="0" x2="${f(Math.min(1, h / w + 0.3))}" y2="1"><stop offset="0" stop-color="${palette.deep}"/><stop offset=".65" stop-color="${palette.mid}"/><stop offset="1" stop-color="${palette.accent}" stop-opacity=".9"/></linearGradient>` +
    motif.defs.map((id) => all[id] ?? '').join('') +
    scrim +
    `</defs>`
  );
}

export interface PosterInput {
  /** Seeds the palette and composition. */
  key: string;
  type: EventType;
  title: string;
  /** A short line above the title, e.g. the city. */
  place?: string;
  /** A line under the title, e.g. the headliners. */
  byline?: string;
  style?: PosterStyle;
}

function titleBlock(
  input: PosterInput,
  palette: Palette,
  box: { x: number; bottom: number; width: number; maxSize: number; minSize: number; maxLines: number },
): string {
  const { lines, size } = wrapTitle(input.title.toUpperCase(), box.width, box.maxSize, box.minSize, box.maxLines);
  const lineHeight = size * 1.02;
  const bylineSize = Math.round(size * 0.34);
  const tagSize = Math.round(size * 0.3);
  let y = box.bottom - (input.byline ? bylineSize * 1.9 : 0);
  const parts: string[] = [];
  if (input.byline) {
    parts.push(
      `<text x="${box.x}" y="${n(box.bottom)}" font-size="${bylineSize}" fill="#fff" fill-opacity=".82" font-weight="500">${escapeXml(input.byline)}</text>`,
    );
  }
  const titleLines = lines
    .map(
      (line, i) => `<tspan x="${box.x}" y="${n(y - (lines.length - 1 - i) * lineHeight)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  parts.push(
    `<text font-size="${size}" font-weight="800" fill="#fff" letter-spacing="${f(-size * 0.01)}">${titleLines}</text>`,
  );
  y -= (lines.length - 1) * lineHeight + size * 1.05;
  const tag = [TYPE_LABEL[input.type], input.place?.toUpperCase()].filter(Boolean).join('  ·  ');
  parts.push(
    `<rect x="${box.x}" y="${n(y - tagSize * 0.95)}" width="${n(tagSize * 1.6)}" height="${n(tagSize * 0.22)}" fill="${palette.accent}"/>`,
  );
  parts.push(
    `<text x="${n(box.x + tagSize * 2.2)}" y="${n(y - tagSize * 0.7)}" font-size="${tagSize}" font-weight="700" letter-spacing="${n(tagSize * 0.22)}" fill="${palette.light}">${escapeXml(tag)}</text>`,
  );
  return `<g font-family="${FONT}">${parts.join('')}</g>`;
}

function svg(w: number, h: number, label: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeXml(label)}">${body}</svg>\n`;
}

function poster(
  input: PosterInput,
  w: number,
  h: number,
  layer: string,
  text: ((palette: Palette) => string) | null,
): string {
  const style = resolveStyle(input);
  const palette = paletteOf(input.type, style);
  const motif = motifOf(input.type, style);
  const canvas = { w, h, random: randomFrom(`${input.key}:${layer}`), palette };
  const body =
    defs(canvas, motif, text && w < 1000 ? 'bottom' : 'left') +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    motif.draw(canvas) +
    `<rect width="${w}" height="${h}" fill="url(#scrim)"/>` +
    (text ? text(palette) : '');
  return svg(w, h, input.title, body);
}

/** Event card image, 640×400: motif above, title block at the bottom. */
export function eventThumbnailSvg(input: PosterInput): string {
  return poster(input, 640, 400, 'thumb', (palette) =>
    titleBlock(input, palette, { x: 32, bottom: 370, width: 576, maxSize: 46, minSize: 26, maxLines: 3 }),
  );
}

/** Event page banner, 1600×600: motif across, title block on the left. */
export function eventBannerSvg(input: PosterInput): string {
  return poster(input, 1600, 600, 'banner', (palette) =>
    titleBlock(input, palette, { x: 80, bottom: 520, width: 820, maxSize: 88, minSize: 48, maxLines: 3 }),
  );
}

/** Home slider artwork, 1600×600, no lettering (the slider sets the title and subtitle over it); calm on the left. */
export function homeBannerSvg(input: Pick<PosterInput, 'key' | 'type' | 'title' | 'style'>): string {
  return poster({ ...input }, 1600, 600, 'home', null);
}

/** A white chip behind each logo, so it reads on light and dark pages alike. */
const LOGO_CHIP = '<rect x=".5" y=".5" width="159" height="63" rx="10" fill="#fff" stroke="#d8dbe6"/>';

/** Payment method logos, 160×64. */
export function cardLogoSvg(): string {
  return svg(
    160,
    64,
    'Card',
    `<defs><linearGradient id="c" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a0ca3"/><stop offset="1" stop-color="#f72585"/></linearGradient></defs>` +
      LOGO_CHIP +
      `<rect x="12" y="12" width="60" height="40" rx="6" fill="url(#c)"/><rect x="19" y="21" width="13" height="10" rx="2" fill="#ffd166"/><path d="M19 43h20M44 43h9" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".85"/><circle cx="57" cy="25" r="5.5" fill="#fff" opacity=".55"/><circle cx="63" cy="25" r="5.5" fill="#fff" opacity=".35"/>` +
      `<text x="82" y="41" font-family="${FONT}" font-size="24" font-weight="800" fill="#1b1b3a">Card</text>`,
  );
}

export function payIn3LogoSvg(): string {
  return svg(
    160,
    64,
    'PayIn3',
    LOGO_CHIP +
      `<text x="14" y="42" font-family="${FONT}" font-size="28" font-weight="800" fill="#0f2440" letter-spacing="-0.5">Pay<tspan fill="#2a9d8f">In</tspan></text>` +
      `<circle cx="124" cy="32" r="19" fill="#2a9d8f"/><path d="M124 13A19 19 0 0 1 140.5 41.5" fill="none" stroke="#e9c46a" stroke-width="6"/><text x="124" y="41" text-anchor="middle" font-family="${FONT}" font-size="24" font-weight="800" fill="#fff">3</text>`,
  );
}
