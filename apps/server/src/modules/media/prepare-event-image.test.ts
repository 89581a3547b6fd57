import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/app-error';
import { createConcurrencyLimit, MAX_CONCURRENT_IMAGES, prepareEventImage } from './prepare-event-image';
import { onePixelColourBomb, pngOf } from '../../test-support/test-images';

/** The image pipeline without HTTP: its concurrency cap, and refusals that never decode a pixel. */
describe('createConcurrencyLimit', () => {
  it('runs at most `max` tasks at once, in arrival order, and frees a place when a task fails', async () => {
    const limit = createConcurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(n);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (n === 1) throw new Error('task 1 failed');
      return n;
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map((n) => limit.run(task(n))));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'))).toEqual([
      0,
      'failed',
      2,
      3,
      4,
      5,
    ]);
    expect(limit.load).toEqual({ active: 0, waiting: 0 });
  });
});

describe('prepareEventImage', () => {
  it(`works on at most ${MAX_CONCURRENT_IMAGES} images at once when a burst arrives`, async () => {
    const png = await pngOf(2400, 1200);
    const limit = createConcurrencyLimit(MAX_CONCURRENT_IMAGES);
    let most = 0;
    let queued = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, limit.load.active);
      queued = Math.max(queued, limit.load.waiting);
    }, 1);
    try {
      const prepared = await Promise.all(Array.from({ length: 6 }, () => prepareEventImage('banner', png, limit)));
      expect(prepared.map((image) => image.width)).toEqual([1600, 1600, 1600, 1600, 1600, 1600]);
      // The same bytes in give the same bytes out: the address is stable.
      expect(new Set(prepared.map((image) => image.sha256)).size).toBe(1);
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBeLessThanOrEqual(MAX_CONCURRENT_IMAGES);
    expect(queued).toBeGreaterThan(0);
  });

  it('refuses a decompression bomb from its header, before the queue and without decoding', async () => {
    const bomb = onePixelColourBomb(20_000);
    const limit = createConcurrencyLimit(1);
    // The only place is taken: a refusal that waited for it would never come.
    let release = () => {};
    void limit.run(() => new Promise<void>((resolve) => (release = resolve)));
    const started = performance.now();
    const refusal = await prepareEventImage('thumbnail', bomb, limit).catch((error: unknown) => error);
    release();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'validation_failed',
      errors: { image: [expect.stringMatching(/too large/)] },
    });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('keeps transparency', async () => {
    const transparent = await sharp({
      create: { width: 800, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const prepared = await prepareEventImage('thumbnail', transparent);
    const metadata = await sharp(prepared.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.hasAlpha]).toEqual(['webp', 600, 300, true]);
  });
});
