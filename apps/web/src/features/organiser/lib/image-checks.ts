import { IMAGE_LIMITS } from '@marquee/domain/console';

export type ImageKind = 'banner' | 'thumbnail';

const MEGABYTE = 1024 * 1024;

function megabytes(bytes: number): string {
  return `${(bytes / MEGABYTE).toFixed(1)} MB`;
}

/** What the server takes, said before a file is chosen. */
export function imageLimitsText(kind: ImageKind): string {
  return `JPEG, PNG or WebP, at most ${IMAGE_LIMITS.maxBytes / MEGABYTE} MB, at least ${IMAGE_LIMITS.minWidth[kind]} pixels wide (shown ${IMAGE_LIMITS.widths[kind]} pixels wide).`;
}

/** The file's type and size against the server's limits: the words of the refusal, or null when it may go. */
export function fileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!IMAGE_LIMITS.types.some((type) => type === file.type)) {
    return `This file is ${file.type ? `of type ${file.type}` : 'not an image'}: choose a JPEG, PNG or WebP image.`;
  }
  if (file.size > IMAGE_LIMITS.maxBytes) {
    return `This file is ${megabytes(file.size)}: the most Marquee takes is ${IMAGE_LIMITS.maxBytes / MEGABYTE} MB.`;
  }
  if (file.size === 0) return 'This file is empty: choose the image again.';
  return null;
}

/** The image's width against the kind's least: the words of the refusal, or null. */
export function widthProblem(kind: ImageKind, width: number): string | null {
  const least = IMAGE_LIMITS.minWidth[kind];
  return width < least ? `This image is ${width} pixels wide: the ${kind} must be at least ${least}.` : null;
}

/** The image's width read in the browser; null where the browser cannot say (the server checks it anyway). */
export async function readImageWidth(file: Blob): Promise<number | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const { width } = bitmap;
    bitmap.close();
    return width;
  } catch {
    return null;
  }
}
