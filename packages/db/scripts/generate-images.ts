/**
 * Writes the demo catalogue's artwork into apps/web/public/images (decisions/006):
 *   events/{uid}-thumb.svg (640×400) and events/{uid}-banner.svg (1600×600) for every demo event,
 *   events/default-{type}-thumb.svg / -banner.svg (used by imported events without images),
 *   banners/*.svg for the home slider, gateways/card.svg and gateways/payin3.svg.
 * Deterministic: re-running it rewrites identical files. Run: npx tsx packages/db/scripts/generate-images.ts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EVENT_TYPES } from '@marquee/domain/categories';
import { cardLogoSvg, eventBannerSvg, eventThumbnailSvg, homeBannerSvg, payIn3LogoSvg } from '../src/seed/artwork';
import { DEMO_BANNERS, DEMO_EVENTS } from '../src/seed/demo-events';
import { DEMO_VENUES } from '../src/seed/demo-venues';
import { demoEventUid } from '../src/seed/seed-demo';

const IMAGES = resolve(import.meta.dirname, '../../../apps/web/public/images');
const MAX_BYTES = 6 * 1024;

const written: { path: string; bytes: number }[] = [];
function write(relative: string, content: string): void {
  const path = resolve(IMAGES, relative);
  mkdirSync(resolve(path, '..'), { recursive: true });
  writeFileSync(path, content);
  written.push({ path: relative, bytes: Buffer.byteLength(content) });
}

const eventFiles = new Set<string>();
// Events of one category take turns through its compositions and palettes, so neighbours differ.
const seenOfType = new Map<string, number>();
for (const event of DEMO_EVENTS) {
  const uid = demoEventUid(event);
  const venue = DEMO_VENUES.find((candidate) => candidate.key === event.venue);
  const index = seenOfType.get(event.type) ?? 0;
  seenOfType.set(event.type, index + 1);
  const style = { variant: index % 2, palette: Math.floor(index / 2) + (index % 2) };
  const input = {
    key: uid,
    type: event.type,
    title: event.name,
    place: venue?.city,
    byline: event.artists.slice(0, 3).join(' · '),
    style,
  };
  write(`events/${uid}-thumb.svg`, eventThumbnailSvg(input));
  write(`events/${uid}-banner.svg`, eventBannerSvg(input));
  eventFiles.add(`${uid}-thumb.svg`).add(`${uid}-banner.svg`);
}

const CATEGORY_TITLES = {
  concerts: 'Live Music',
  theatre: 'On Stage',
  dance: 'Dance',
  'uni-events': 'Campus Live',
} as const;
for (const type of EVENT_TYPES) {
  const input = {
    key: `default-${type}`,
    type,
    title: CATEGORY_TITLES[type],
    byline: 'Tickets on Marquee',
    style: { variant: 0, palette: 0 },
  };
  write(`events/default-${type}-thumb.svg`, eventThumbnailSvg(input));
  write(`events/default-${type}-banner.svg`, eventBannerSvg(input));
  eventFiles.add(`default-${type}-thumb.svg`).add(`default-${type}-banner.svg`);
}

// Artwork of events that no longer exist would otherwise linger in the web app.
for (const file of readdirSync(resolve(IMAGES, 'events'))) {
  if (file.endsWith('.svg') && !eventFiles.has(file)) rmSync(resolve(IMAGES, 'events', file));
}

for (const [index, banner] of DEMO_BANNERS.entries()) {
  const type =
    'category' in banner
      ? banner.category
      : (DEMO_EVENTS.find((event) => event.name === banner.event)?.type ?? 'concerts');
  const file = banner.image.replace(/^\/images\//, '');
  write(
    file,
    homeBannerSvg({ key: file, type, title: banner.title, style: { variant: index % 2, palette: index + 1 } }),
  );
}

write('gateways/card.svg', cardLogoSvg());
write('gateways/payin3.svg', payIn3LogoSvg());

const largest = written.reduce((max, file) => (file.bytes > max.bytes ? file : max));
console.log(`Wrote ${written.length} images to ${IMAGES} (largest: ${largest.path}, ${largest.bytes} bytes).`);
const tooBig = written.filter((file) => file.bytes > MAX_BYTES);
if (tooBig.length > 0) {
  console.error(`Over ${MAX_BYTES} bytes: ${tooBig.map((file) => `${file.path} (${file.bytes})`).join(', ')}`);
  process.exit(1);
}
