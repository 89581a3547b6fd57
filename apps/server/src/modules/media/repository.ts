import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { events, mediaFiles } from '@marquee/db/schema';
import { inScope, scopeOf, type ScopedTx } from '@marquee/db/tenancy';
import type { EventImageKind, PreparedImage } from './prepare-event-image';

/*
 * The media module's queries. What an organiser writes runs in their scoped transaction: the media row goes
 * to the scope's organisation, and the event is found by the guard's id AND the scope's predicate, never by
 * id alone. The public read (`/media/{sha256}.webp`) takes `Db`: buyers load any organisation's images.
 */

/** Stores an image for the scope's organisation; the same bytes uploaded again keep the first row. */
export async function insertMediaFile(tx: ScopedTx, image: PreparedImage, createdBy: string | null): Promise<void> {
  await tx
    .insert(mediaFiles)
    .values({
      sha256: image.sha256,
      organisationId: scopeOf(tx).organisationId,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      size: image.bytes.length,
      bytes: image.bytes,
      createdBy,
    })
    .onConflictDoNothing({ target: [mediaFiles.organisationId, mediaFiles.sha256] });
}

/** The event's two image paths, locked for the change (the audit's `before` is what was replaced). */
export async function lockEventImages(tx: ScopedTx, eventId: number) {
  const [row] = await tx
    .select({ bannerImg: events.bannerImg, thumbnailImg: events.thumbnailImg })
    .from(events)
    .where(and(eq(events.id, eventId), inScope.events(tx)))
    .for('update');
  return row ?? null;
}

/** Points the event's banner or thumbnail at `path`; null when the event is not in the scope. */
export async function setEventImage(tx: ScopedTx, eventId: number, kind: EventImageKind, path: string) {
  const [row] = await tx
    .update(events)
    .set({ ...(kind === 'banner' ? { bannerImg: path } : { thumbnailImg: path }), updatedAt: sql`now()` })
    .where(and(eq(events.id, eventId), inScope.events(tx)))
    .returning({ bannerImg: events.bannerImg, thumbnailImg: events.thumbnailImg });
  return row ?? null;
}

/** A stored image's bytes by its sha256, whichever organisation's row holds them. */
export async function findMediaFile(db: Db, sha256: string) {
  const [row] = await db
    .select({ contentType: mediaFiles.contentType, bytes: mediaFiles.bytes })
    .from(mediaFiles)
    .where(eq(mediaFiles.sha256, sha256))
    .limit(1);
  return row ?? null;
}

/** Whether an image is stored, without reading its bytes (a revalidation answered 304). */
export async function hasMediaFile(db: Db, sha256: string): Promise<boolean> {
  const [row] = await db
    .select({ sha256: mediaFiles.sha256 })
    .from(mediaFiles)
    .where(eq(mediaFiles.sha256, sha256))
    .limit(1);
  return row !== undefined;
}
