import type { Db } from '@marquee/db/client';
import { appendAudit, withOrganiserScope } from '@marquee/db/tenancy';
import type { EventImagesAnswerSchema } from '@marquee/domain/console';
import type { z } from 'zod';
import { notFound } from '../../plugins/app-error';
import { organiserScopeOf, type OrganiserActor } from '../../plugins/organiser-access';
import { prepareEventImage, type EventImageKind } from './prepare-event-image';
import { findMediaFile, hasMediaFile, insertMediaFile, lockEventImages, setEventImage } from './repository';

export type MediaService = ReturnType<typeof createMediaService>;
type EventImagesAnswer = z.infer<typeof EventImagesAnswerSchema>;

/** Where an uploaded image is served: its own sha256, so the address never changes meaning (immutable). */
export function mediaPathOf(sha256: string): string {
  return `/media/${sha256}.webp`;
}

/** The sha256 in a `/media/{file}` name, or null for anything but `{64 lowercase hex}.webp`. */
export function mediaShaOf(file: string): string | null {
  return /^([0-9a-f]{64})\.webp$/.exec(file)?.[1] ?? null;
}

/** '' (drafts are created with no image yet) is null to the console. */
function answerOf(row: { bannerImg: string; thumbnailImg: string }): EventImagesAnswer {
  return { banner_url: row.bannerImg || null, thumbnail_url: row.thumbnailImg || null };
}

const NO_EVENT = 'No such event.';
const NO_IMAGE = 'No such image.';

/** Event images (issue 21): uploads from the console, and the public address buyers load them from. */
export function createMediaService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /**
     * Checks and converts the upload first (no transaction is held while an image is worked on), then in
     * one scoped transaction: the media row for the actor's organisation, the event's column, the audit row.
     * Uploading the image the event already shows changes nothing and writes no audit row.
     */
    async setEventImage(actor: OrganiserActor, kind: EventImageKind, body: Buffer): Promise<EventImagesAnswer> {
      const event = actor.event;
      // The guard of a `scope: 'event'` route always sets it; without it there is no event to act on.
      if (!event) throw notFound(NO_EVENT);
      const image = await prepareEventImage(kind, body);
      const path = mediaPathOf(image.sha256);
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const before = await lockEventImages(tx, event.id);
        if (!before) throw notFound(NO_EVENT);
        const previous = kind === 'banner' ? before.bannerImg : before.thumbnailImg;
        if (previous === path) return answerOf(before);
        await insertMediaFile(tx, image, actor.userId);
        const after = await setEventImage(tx, event.id, kind, path);
        if (!after) throw notFound(NO_EVENT);
        const field = kind === 'banner' ? 'banner_img' : 'thumbnail_img';
        await appendAudit(tx, {
          action: 'event.image',
          entityType: 'event',
          entityId: event.id,
          eventId: event.id,
          eventUid: event.uid,
          before: { [field]: previous },
          after: { [field]: path },
        });
        return answerOf(after);
      });
    },

    /** A stored image's bytes, by its file name; 404 for a name that is not one or an image not stored. */
    async openMedia(file: string): Promise<{ sha256: string; contentType: string; bytes: Buffer }> {
      const sha256 = mediaShaOf(file);
      const row = sha256 === null ? null : await findMediaFile(db, sha256);
      if (sha256 === null || !row) throw notFound(NO_IMAGE);
      return { sha256, contentType: row.contentType, bytes: row.bytes };
    },

    /** Whether `file` names a stored image (answering a revalidation without reading the bytes). */
    async hasMedia(file: string): Promise<boolean> {
      const sha256 = mediaShaOf(file);
      return sha256 !== null && (await hasMediaFile(db, sha256));
    },
  };
}
