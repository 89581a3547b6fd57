import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { z } from 'zod';
import { IMAGE_LIMITS, type EventImageKindSchema } from '@marquee/domain/console';
import { invalidField } from '../../plugins/app-error';

export type EventImageKind = z.infer<typeof EventImageKindSchema>;

/** An uploaded image as it is stored and served: WebP bytes, named by their own sha256. */
export interface PreparedImage {
  sha256: string;
  contentType: 'image/webp';
  width: number;
  height: number;
  bytes: Buffer;
}

/**
 * The largest source accepted, in pixels (width × height). A few bytes of PNG can declare 20000 × 20000
 * pixels (1.2 GB decoded): the dimensions are read from the header and refused before anything is decoded.
 * 40 MP is above any camera a promoter uses (a 45 MP full-frame body aside, which they export smaller).
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** WebP cannot hold a side longer than this: an image that would come out longer is refused, not a 500. */
const MAX_WEBP_SIDE = 16_383;
const WEBP_QUALITY = 80;
/** A pathological file (many tiny scanlines, a slow decoder path) cannot hold a thread longer than this. */
const PROCESS_TIMEOUT_SECONDS = 20;

/**
 * At most this many images are decoded and encoded at once, in the whole process; the others wait their
 * turn (in arrival order). Sharp already runs off the event loop (libuv's pool, 4 threads by default), so
 * the cap is about memory, not the loop: with its defaults a burst of uploads would decode four at a time,
 * and an image that must be rotated (EXIF orientation) or is a PNG (no shrink-on-load) is held whole while
 * it is worked on: up to MAX_INPUT_PIXELS × 4 bytes (160 MB) each, twice that for a 16-bit PNG. Two at
 * once bounds that at about 320-640 MB, keeps the other two pool threads for the rest of the server (file
 * reads, crypto, compression), and matches the two cores the machines have. libvips's own threads per image stay at sharp's default
 * (`sharp.concurrency()`, 1 on glibc Linux without jemalloc), a process-wide setting left alone here.
 */
export const MAX_CONCURRENT_IMAGES = 2;

const MESSAGES = {
  unreadable: 'This file is not an image we can read. Upload a JPEG, PNG or WebP image.',
  format: 'Upload a JPEG, PNG or WebP image.',
  tooLarge: (width: number, height: number) =>
    `This image is too large (${width} × ${height} pixels). Upload one of at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
  tooNarrow: (kind: EventImageKind, width: number) =>
    `The ${kind} must be at least ${IMAGE_LIMITS.minWidth[kind]} pixels wide (this image is ${width}).`,
  tooTall: 'This image is too tall for its width. Crop it closer to the shape it is shown in.',
} as const;

/** The three formats taken, by their first bytes: only these reach a decoder (libvips has many more). */
function isJpegPngOrWebp(bytes: Buffer): boolean {
  const isJpeg = bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const isPng = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const isWebp =
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  return isJpeg || isPng || isWebp;
}

const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp']);

/** A small FIFO semaphore: at most `max` tasks run at once. */
export function createConcurrencyLimit(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < max) active += 1;
      // The finishing task hands its place to the next waiter directly, so `active` never overshoots.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
    /** Tasks running and waiting now (for tests and logs). */
    get load() {
      return { active, waiting: waiting.length };
    },
  };
}

const processing = createConcurrencyLimit(MAX_CONCURRENT_IMAGES);

/**
 * Checks an uploaded event image and turns it into what is stored: the real format decided from the
 * bytes (never from the request's Content-Type), dimensions checked before decoding, EXIF orientation
 * applied, every metadata block dropped (EXIF with GPS, XMP, IPTC, ICC: colours converted to sRGB),
 * resized to the kind's width (never enlarged) and encoded as WebP. Anything refused is a 422 with
 * `errors.image`; nothing here touches the database.
 */
export async function prepareEventImage(
  kind: EventImageKind,
  input: Buffer,
  limit: ReturnType<typeof createConcurrencyLimit> = processing,
): Promise<PreparedImage> {
  if (!isJpegPngOrWebp(input)) throw invalidField('image', MESSAGES.unreadable);
  // The header only: no pixel is decoded here, so the pixel limit is checked by us below, with our message.
  const metadata = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw invalidField('image', MESSAGES.unreadable);
    });
  if (!ACCEPTED_FORMATS.has(metadata.format)) throw invalidField('image', MESSAGES.format);
  const { width, height } = metadata.autoOrient;
  if (!(width > 0 && height > 0)) throw invalidField('image', MESSAGES.unreadable);
  if (width * height > MAX_INPUT_PIXELS) throw invalidField('image', MESSAGES.tooLarge(width, height));
  if (width < IMAGE_LIMITS.minWidth[kind]) throw invalidField('image', MESSAGES.tooNarrow(kind, width));
  const targetWidth = Math.min(width, IMAGE_LIMITS.widths[kind]);
  if (Math.round((height * targetWidth) / width) > MAX_WEBP_SIDE) throw invalidField('image', MESSAGES.tooTall);

  const output = await limit
    .run(() =>
      sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', autoOrient: true })
        .resize({ width: targetWidth, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .timeout({ seconds: PROCESS_TIMEOUT_SECONDS })
        // No withMetadata/keepExif/keepIccProfile: sharp writes none of the input's metadata.
        .toBuffer({ resolveWithObject: true }),
    )
    .catch(() => {
      // A header that promised more than the data holds (truncated, corrupt scanlines), or a timeout.
      throw invalidField('image', MESSAGES.unreadable);
    });
  return {
    sha256: createHash('sha256').update(output.data).digest('hex'),
    contentType: 'image/webp',
    width: output.info.width,
    height: output.info.height,
    bytes: output.data,
  };
}
