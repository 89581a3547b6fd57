import { slugifyEventName } from '@marquee/domain/slug';

/** Characters kept of the event's name in a file name: enough to recognise it in a downloads folder. */
const NAME_LENGTH = 60;

/**
 * The file's name from the event's name: `{name-slug}-{kind}-{YYYY-MM-DD}.{ext}`. The slug keeps letters of
 * every script (a Sinhala or Tamil name stays readable) and drops everything a path or a header could be
 * confused by (slashes, quotes, dots, control characters); an event whose name leaves nothing is named by its uid.
 */
export function exportFileName(
  event: { name: string; uid: string },
  kind: 'attendees' | 'orders',
  extension: 'csv' | 'xlsx',
  today: Date,
): string {
  const slug = [...slugifyEventName(event.name)].slice(0, NAME_LENGTH).join('').replace(/-$/, '');
  return `${slug || event.uid}-${kind}-${today.toISOString().slice(0, 10)}.${extension}`;
}

/** RFC 8187's percent-encoding of a UTF-8 value (encodeURIComponent leaves ' ( ) * as they are). */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `Content-Disposition: attachment` with the name twice (RFC 6266): `filename*` in UTF-8 for every browser of
 * today, and a plain ASCII `filename` for anything older (the name's non-ASCII letters dropped).
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^[\s-]+|\s+$/g, '');
  return `attachment; filename="${ascii || 'export'}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}
