import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/*
 * Real images for the media tests, made with sharp (and one PNG written by hand). Test code only: imported
 * by the *.test.ts files beside it.
 */

/** Raw RGB pixels: the left half red, the right half blue (so a rotation shows where the left went). */
export function leftRedRightBlue(width: number, height: number): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      raw[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 255;
    }
  }
  return raw;
}

const rawInput = (width: number, height: number) =>
  sharp(leftRedRightBlue(width, height), { raw: { width, height, channels: 3 } });

export function pngOf(width: number, height: number): Promise<Buffer> {
  return rawInput(width, height).png().toBuffer();
}

export function webpOf(width: number, height: number): Promise<Buffer> {
  return rawInput(width, height).webp().toBuffer();
}

export function gifOf(width: number, height: number): Promise<Buffer> {
  return rawInput(width, height).gif().toBuffer();
}

/** A phone photo: stored sideways with EXIF orientation 6 (turn 90° clockwise to view), a GPS position and a copyright. */
export function sidewaysJpegWithGps(width: number, height: number): Promise<Buffer> {
  return rawInput(width, height)
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Copyright: 'Lotus Hall Productions', Make: 'PhoneCo' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '6/1 55/1 3000/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '79/1 51/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The EXIF GPS IFD pointer tag (0x8825), in either byte order: present when the EXIF block has a GPS position. */
export function hasGpsPointer(exif: Buffer | undefined): boolean {
  return exif !== undefined && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A decompression bomb: a valid 1-bit greyscale PNG of `side` × `side` pixels of one colour. At 20000 it is
 * about 50 KB on disk and 400 megapixels (1.2 GB as RGB) decoded.
 */
export function onePixelColourBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The RGB of one pixel of an encoded image. */
export async function pixelAt(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] ?? -1, data[at + 1] ?? -1, data[at + 2] ?? -1];
}
