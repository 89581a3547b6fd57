import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { asc, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, mediaFiles } from '@marquee/db/schema';
import { createEvent, createOrganisation, type Event, type Organisation } from '@marquee/db/factories';
import { EventImagesAnswerSchema, IMAGE_LIMITS } from '@marquee/domain/console';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';
import { gifOf, hasGpsPointer, onePixelColourBomb, pixelAt, pngOf, sidewaysJpegWithGps, webpOf } from '../../test-support/test-images';

/**
 * Event images (issue 21): the console's upload (`PUT …/images/{kind}`, event.write, scope event) and the
 * public `/media/{sha256}.webp`. Real images made with sharp; every refusal is checked to write nothing.
 */
let t: TestApp;
let ours: Organisation;
let theirs: Organisation;
let ourEvent: Event;
let ourOtherEvent: Event;
let theirEvent: Event;
let manager: OrganiserTestActor;
let theirOwner: OrganiserTestActor;

const images = {} as {
  png1200x800: Buffer;
  sidewaysJpeg: Buffer;
  webp3200x1600: Buffer;
  gif: Buffer;
  narrowPng: Buffer;
};

beforeAll(async () => {
  t = await buildTestApp();
  ours = await createOrganisation(t.db, { name: 'Lotus Hall Productions' });
  theirs = await createOrganisation(t.db, { name: 'Another Promoter' });
  // Drafts are created with '' ("no image yet").
  ourEvent = await createEvent(t.db, { organisationId: ours.id, status: 'draft', bannerImg: '', thumbnailImg: '' });
  ourOtherEvent = await createEvent(t.db, { organisationId: ours.id });
  theirEvent = await createEvent(t.db, { organisationId: theirs.id, bannerImg: '', thumbnailImg: '' });
  manager = await createOrganiserActor(t, { organisation: ours, role: 'manager', twoFactor: true });
  theirOwner = await createOrganiserActor(t, { organisation: theirs, role: 'owner', twoFactor: true });
  images.png1200x800 = await pngOf(1200, 800);
  images.sidewaysJpeg = await sidewaysJpegWithGps(1200, 800);
  images.webp3200x1600 = await webpOf(3200, 1600);
  images.gif = await gifOf(1200, 800);
  images.narrowPng = await pngOf(640, 400);
});
afterAll(async () => {
  await t?.close();
});

const imagesUrl = (eventUid: string, kind: string, org = ours.slug) =>
  `/api/organiser/${org}/events/${eventUid}/images/${kind}`;

function put(url: string, body: Buffer | string | undefined, contentType: string | undefined, cookie?: string) {
  const headers: Record<string, string> = {};
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (cookie !== undefined) headers['cookie'] = cookie;
  return t.app.inject({ method: 'PUT', url, headers, ...(body === undefined ? {} : { payload: body }) });
}

const errorOf = (body: unknown) => ErrorBodySchema.parse(body);
const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Everything an upload writes: media rows, the events' image columns, the audit log. */
async function written() {
  return {
    media: await t.db
      .select({ organisationId: mediaFiles.organisationId, sha256: mediaFiles.sha256 })
      .from(mediaFiles)
      .orderBy(asc(mediaFiles.organisationId), asc(mediaFiles.sha256)),
    events: await t.db
      .select({
        id: events.id,
        bannerImg: events.bannerImg,
        thumbnailImg: events.thumbnailImg,
        updatedAt: events.updatedAt,
      })
      .from(events)
      .orderBy(asc(events.id)),
    audit: await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(asc(auditLog.id)),
  };
}

async function lastAudit() {
  const [row] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

async function storedImage(sha256: string, organisationId = ours.id) {
  const [row] = await t.db.select().from(mediaFiles).where(eq(mediaFiles.sha256, sha256));
  expect(row?.organisationId).toBe(organisationId);
  return row;
}

describe('PUT /api/organiser/:org/events/:eventUid/images/:kind', () => {
  it('stores a PNG banner as WebP, never enlarged, points the event at it and audits the change', async () => {
    const answer = await put(imagesUrl(ourEvent.uid, 'banner'), images.png1200x800, 'image/png', manager.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const body = EventImagesAnswerSchema.parse(answer.json());
    expect(body).toEqual({ banner_url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.webp$/), thumbnail_url: null });

    const sha256 = /([0-9a-f]{64})/.exec(body.banner_url ?? '')?.[1] ?? '';
    const row = await storedImage(sha256);
    expect(row).toMatchObject({ contentType: 'image/webp', width: 1200, height: 800, createdBy: manager.userId });
    // The address is the sha256 of the stored bytes.
    expect(sha256Of(row!.bytes)).toBe(sha256);
    expect(row!.size).toBe(row!.bytes.length);
    const stored = await sharp(row!.bytes).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 1200, 800]);

    const [event] = await t.db.select().from(events).where(eq(events.id, ourEvent.id));
    expect([event?.bannerImg, event?.thumbnailImg]).toEqual([`/media/${sha256}.webp`, '']);
    expect(await lastAudit()).toMatchObject({
      organisationId: ours.id,
      action: 'event.image',
      entityType: 'event',
      entityId: String(ourEvent.id),
      eventId: ourEvent.id,
      eventUid: ourEvent.uid,
      actorUserId: manager.userId,
      actorRole: 'manager',
      before: { banner_img: '' },
      after: { banner_img: `/media/${sha256}.webp` },
    });
  });

  it('turns a sideways JPEG upright, drops its EXIF (GPS included), and stores the thumbnail 600 wide', async () => {
    const input = await sharp(images.sidewaysJpeg).metadata();
    // The source really is a phone photo: orientation 6 and a GPS position.
    expect([input.width, input.height, input.orientation]).toEqual([1200, 800, 6]);
    expect(hasGpsPointer(input.exif)).toBe(true);

    // Labelled image/png: the real format is read from the bytes.
    const answer = await put(imagesUrl(ourEvent.uid, 'thumbnail'), images.sidewaysJpeg, 'image/png', manager.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = EventImagesAnswerSchema.parse(answer.json());
    // The banner uploaded before is still there.
    expect(body.banner_url).toMatch(/^\/media\//);
    const sha256 = /([0-9a-f]{64})/.exec(body.thumbnail_url ?? '')?.[1] ?? '';
    const row = await storedImage(sha256);

    const output = await sharp(row!.bytes).metadata();
    // 1200 × 800 stored sideways is 800 × 1200 upright; 600 wide keeps the shape.
    expect([output.format, output.width, output.height]).toEqual(['webp', 600, 900]);
    expect(output.orientation).toBeUndefined();
    expect(output.exif).toBeUndefined();
    expect(output.xmp).toBeUndefined();
    expect(output.iptc).toBeUndefined();
    expect(output.icc).toBeUndefined();
    expect(row!.bytes.includes('PhoneCo')).toBe(false);
    // The source's left half (red) is the top once turned 90° clockwise; its right half (blue) the bottom.
    const [topRed, , topBlue] = await pixelAt(row!.bytes, 300, 100);
    const [bottomRed, , bottomBlue] = await pixelAt(row!.bytes, 300, 800);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(60);
  });

  it('resizes a large WebP banner to 1600 wide', async () => {
    const answer = await put(imagesUrl(ourEvent.uid, 'banner'), images.webp3200x1600, 'image/webp', manager.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const sha256 = /([0-9a-f]{64})/.exec(EventImagesAnswerSchema.parse(answer.json()).banner_url ?? '')?.[1] ?? '';
    const row = await storedImage(sha256);
    expect([row?.width, row?.height]).toEqual([1600, 800]);
    expect(await lastAudit()).toMatchObject({
      before: { banner_img: expect.stringMatching(/^\/media\//) },
      after: { banner_img: `/media/${sha256}.webp` },
    });
  });

  it('changes nothing when the event already shows the same image', async () => {
    const first = await put(imagesUrl(ourEvent.uid, 'banner'), images.webp3200x1600, 'image/webp', manager.cookie);
    expect(first.statusCode).toBe(200);
    const before = await written();
    const again = await put(imagesUrl(ourEvent.uid, 'banner'), images.webp3200x1600, 'image/webp', manager.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await written()).toEqual(before);
  });

  it("keeps each organisation's row when two upload the same picture, and serves it either way", async () => {
    const ourAnswer = await put(
      imagesUrl(ourOtherEvent.uid, 'banner'),
      images.png1200x800,
      'image/png',
      manager.cookie,
    );
    const theirAnswer = await put(
      imagesUrl(theirEvent.uid, 'banner', theirs.slug),
      images.png1200x800,
      'image/png',
      theirOwner.cookie,
    );
    expect([ourAnswer.statusCode, theirAnswer.statusCode]).toEqual([200, 200]);
    const url = EventImagesAnswerSchema.parse(theirAnswer.json()).banner_url ?? '';
    expect(EventImagesAnswerSchema.parse(ourAnswer.json()).banner_url).toBe(url);
    const sha256 = /([0-9a-f]{64})/.exec(url)?.[1] ?? '';
    const rows = await t.db
      .select({ organisationId: mediaFiles.organisationId })
      .from(mediaFiles)
      .where(eq(mediaFiles.sha256, sha256))
      .orderBy(asc(mediaFiles.organisationId));
    expect(rows.map((row) => row.organisationId)).toEqual([ours.id, theirs.id].sort((a, b) => a - b));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  describe('refuses what is not an acceptable image, and writes nothing', () => {
    const refusedWithImageError = async (body: Buffer | string, contentType: string, kind = 'banner') => {
      const before = await written();
      const answer = await put(imagesUrl(ourEvent.uid, kind), body, contentType, manager.cookie);
      expect(answer.statusCode, answer.body).toBe(422);
      const error = errorOf(answer.json());
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.errors ?? {})).toEqual(['image']);
      expect(error.errors?.['image']).toHaveLength(1);
      expect(await written()).toEqual(before);
      return error.errors?.['image']?.[0] ?? '';
    };

    it('text labelled image/png', async () => {
      expect(await refusedWithImageError('this is not a picture at all, only words', 'image/png')).toMatch(/JPEG, PNG/);
    });

    it('an SVG or a GIF (real ones) labelled image/png', async () => {
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="red"/></svg>';
      expect(await refusedWithImageError(svg, 'image/png')).toMatch(/JPEG, PNG/);
      expect(images.gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
      expect(await refusedWithImageError(images.gif, 'image/png')).toMatch(/JPEG, PNG/);
    });

    it('a PNG that stops half way', async () => {
      const cut = images.png1200x800.subarray(0, Math.floor(images.png1200x800.length / 2));
      expect(await refusedWithImageError(cut, 'image/png')).toMatch(/not an image we can read/);
    });

    it('an image narrower than the kind needs', async () => {
      expect(await refusedWithImageError(images.narrowPng, 'image/png', 'banner')).toBe(
        'The banner must be at least 800 pixels wide (this image is 640).',
      );
      const narrowThumbnail = await pngOf(280, 400);
      expect(await refusedWithImageError(narrowThumbnail, 'image/png', 'thumbnail')).toMatch(/at least 300 pixels/);
    });

    it('a decompression bomb (20000 × 20000 of one colour, about 50 KB), at once', async () => {
      const bomb = onePixelColourBomb(20_000);
      expect(bomb.length).toBeLessThan(100_000);
      expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(20_000);
      const started = performance.now();
      expect(await refusedWithImageError(bomb, 'image/png')).toMatch(/too large \(20000 × 20000 pixels\)/);
      expect(performance.now() - started).toBeLessThan(3_000);
    });

    it('an image too tall for its width to be stored', async () => {
      const tall = await pngOf(900, 20_000);
      expect(await refusedWithImageError(tall, 'image/png')).toMatch(/too tall/);
    });

    it('an empty body', async () => {
      expect(await refusedWithImageError(Buffer.alloc(0), 'image/jpeg')).toMatch(/./);
      const before = await written();
      const noBody = await put(imagesUrl(ourEvent.uid, 'banner'), undefined, undefined, manager.cookie);
      expect(noBody.statusCode).toBe(422);
      expect(errorOf(noBody.json()).errors).toEqual({ image: ['Send the image as the request body.'] });
      expect(await written()).toEqual(before);
    });

    it('over 5 MB: 413', async () => {
      const before = await written();
      const huge = Buffer.concat([images.png1200x800, Buffer.alloc(6 * 1024 * 1024)]);
      const answer = await put(imagesUrl(ourEvent.uid, 'banner'), huge, 'image/png', manager.cookie);
      expect(answer.statusCode).toBe(413);
      expect(errorOf(answer.json()).code).toBe('payload_too_large');
      // The limit counts the bytes after a request's Content-Encoding is undone: 64 MB gzipped to 64 KB is 413 too.
      const gzipBomb = gzipSync(Buffer.concat([images.png1200x800, Buffer.alloc(64 * 1024 * 1024)]));
      expect(gzipBomb.length).toBeLessThan(IMAGE_LIMITS.maxBytes);
      const inflated = await t.app.inject({
        method: 'PUT',
        url: imagesUrl(ourEvent.uid, 'banner'),
        headers: { 'content-type': 'image/png', 'content-encoding': 'gzip', cookie: manager.cookie },
        payload: gzipBomb,
      });
      expect(inflated.statusCode).toBe(413);
      expect(errorOf(inflated.json()).code).toBe('payload_too_large');
      expect(await written()).toEqual(before);
    });

    it('any other content type: 415', async () => {
      const before = await written();
      const cases: [Buffer | string, string | undefined][] = [
        [images.png1200x800, 'application/octet-stream'],
        [images.gif, 'image/gif'],
        ['<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml'],
        ['{}', 'application/json'],
        ['hello', 'text/plain'],
        [images.png1200x800, 'multipart/form-data; boundary=x'],
        // A body with no Content-Type at all.
        [images.png1200x800, undefined],
      ];
      for (const [body, contentType] of cases) {
        const answer = await put(imagesUrl(ourEvent.uid, 'banner'), body, contentType, manager.cookie);
        expect(answer.statusCode, String(contentType)).toBe(415);
        const error = errorOf(answer.json());
        expect(error.code).toBe('unsupported_media_type');
        expect(error.message).toBe(
          'Send the image as the request body, with Content-Type image/jpeg, image/png, image/webp.',
        );
      }
      expect(await written()).toEqual(before);
    });

    it('a kind that is not banner or thumbnail: 422', async () => {
      const answer = await put(imagesUrl(ourEvent.uid, 'poster'), images.png1200x800, 'image/png', manager.cookie);
      expect(answer.statusCode).toBe(422);
      expect(Object.keys(errorOf(answer.json()).errors ?? {})).toEqual(['kind']);
    });
  });

  describe('tenant isolation and permissions: refused, and nothing written', () => {
    async function refused(url: string, cookie: string | undefined, status: number, code: string) {
      const before = await written();
      const answer = await put(url, images.png1200x800, 'image/png', cookie);
      expect(answer.statusCode, answer.body).toBe(status);
      expect(errorOf(answer.json()).code).toBe(code);
      expect(await written()).toEqual(before);
      return answer;
    }

    it("answers another organisation's event 404, exactly as one that does not exist", async () => {
      const theirs404 = await refused(imagesUrl(theirEvent.uid, 'banner'), manager.cookie, 404, 'not_found');
      const missing404 = await refused(imagesUrl('no-such-event', 'banner'), manager.cookie, 404, 'not_found');
      expect(theirs404.json()).toEqual(missing404.json());
      // Their owner cannot reach our event through their organisation, nor through ours.
      await refused(imagesUrl(ourEvent.uid, 'banner', theirs.slug), theirOwner.cookie, 404, 'not_found');
      await refused(imagesUrl(ourEvent.uid, 'banner'), theirOwner.cookie, 404, 'not_found');
    });

    it('refuses box office and door members (no event.write): 403', async () => {
      for (const role of ['box_office', 'door'] as const) {
        const member = await createOrganiserActor(t, { organisation: ours, role });
        await refused(imagesUrl(ourEvent.uid, 'banner'), member.cookie, 403, 'forbidden');
      }
    });

    it('answers a member limited to other events 404, and lets them change their own', async () => {
      const limited = await createOrganiserActor(t, {
        organisation: ours,
        role: 'manager',
        allEvents: false,
        eventIds: [ourOtherEvent.id],
        twoFactor: true,
      });
      await refused(imagesUrl(ourEvent.uid, 'banner'), limited.cookie, 404, 'not_found');
      const own = await put(imagesUrl(ourOtherEvent.uid, 'thumbnail'), images.png1200x800, 'image/png', limited.cookie);
      expect(own.statusCode, own.body).toBe(200);
    });

    it('refuses an owner or manager whose session was not made with a second factor: 403', async () => {
      const owner = await createOrganiserActor(t, { organisation: ours, role: 'owner' });
      await refused(imagesUrl(ourEvent.uid, 'banner'), owner.cookie, 403, 'two_factor_required');
      const noCode = await createOrganiserActor(t, {
        organisation: ours,
        role: 'manager',
        twoFactor: { enabled: true, session: false },
      });
      await refused(imagesUrl(ourEvent.uid, 'banner'), noCode.cookie, 403, 'two_factor_required');
    });

    it('asks an anonymous caller to sign in: 401', async () => {
      await refused(imagesUrl(ourEvent.uid, 'banner'), undefined, 401, 'sign_in_required');
    });
  });
});

describe('GET /media/:file', () => {
  let sha256: string;
  let bytes: Buffer;

  beforeAll(async () => {
    const answer = await put(
      imagesUrl(ourOtherEvent.uid, 'banner'),
      await pngOf(1000, 500),
      'image/png',
      manager.cookie,
    );
    sha256 = /([0-9a-f]{64})/.exec(EventImagesAnswerSchema.parse(answer.json()).banner_url ?? '')?.[1] ?? '';
    bytes = (await storedImage(sha256))!.bytes;
  });

  it('serves the stored bytes as WebP, cached for a year, with the sha256 as ETag; anonymous callers too', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/media/${sha256}.webp`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['etag']).toBe(`"${sha256}"`);
    // WebP is compressed already: sent as stored.
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.rawPayload.equals(bytes)).toBe(true);
    expect(sha256Of(answer.rawPayload)).toBe(sha256);
    // The page's CSP lets the web app (same origin) show it.
    expect(String(answer.headers['content-security-policy'])).toMatch(/img-src 'self'/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');

    const head = await t.app.inject({ method: 'HEAD', url: `/media/${sha256}.webp` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.body).toBe('');
  });

  it('answers a matching If-None-Match 304, with no body', async () => {
    for (const ifNoneMatch of [`"${sha256}"`, `W/"${sha256}"`, `"other", "${sha256}"`, '*']) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/media/${sha256}.webp`,
        headers: { 'if-none-match': ifNoneMatch },
      });
      expect(answer.statusCode, ifNoneMatch).toBe(304);
      expect(answer.body).toBe('');
      expect(answer.headers['etag']).toBe(`"${sha256}"`);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const stale = await t.app.inject({
      method: 'GET',
      url: `/media/${sha256}.webp`,
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('answers 404 in the error shape for an image not stored, even with If-None-Match', async () => {
    const missing = 'ab'.repeat(32);
    for (const headers of [{}, { 'if-none-match': `"${missing}"` }, { 'if-none-match': '*' }]) {
      const answer = await t.app.inject({ method: 'GET', url: `/media/${missing}.webp`, headers });
      expect(answer.statusCode).toBe(404);
      expect(errorOf(answer.json())).toEqual({ code: 'not_found', message: 'No such image.' });
      expect(String(answer.headers['cache-control'])).not.toMatch(/immutable/);
    }
  });

  it('answers 404 to any other name: path traversal, other extensions, upper case, no extension', async () => {
    const urls = [
      '/media/..%2F..%2F..%2Fetc%2Fpasswd',
      '/media/%2e%2e%2f%2e%2e%2fpackage.json',
      '/media/..%5C..%5Cwindows%5Cwin.ini',
      `/media/..%2F${sha256}.webp`,
      `/media/${sha256}.webp%00.png`,
      `/media/${sha256.toUpperCase()}.webp`,
      `/media/${sha256}.png`,
      `/media/${sha256}`,
      `/media/${sha256}.webp.webp`,
      `/media/${sha256.slice(1)}.webp`,
      `/media/${sha256}0.webp`,
      `/media/${sha256}.webp/extra`,
      '/media/',
      '/media/../../etc/passwd',
    ];
    for (const url of urls) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(errorOf(answer.json()).code, url).toBe('not_found');
    }
  });
});
