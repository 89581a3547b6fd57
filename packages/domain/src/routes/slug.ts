/**
 * Spec: the slug is the event name lowercased with spaces turned to hyphens.
 * Characters that are not safe in a path segment are dropped so the URL stays clean;
 * runs of spaces become one hyphen.
 */
export function slugifyEventName(name: string): string {
  return name
    .normalize('NFKD')
    // Drop Latin accents (café → cafe) but keep the vowel signs other scripts need (Sinhala, Tamil).
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{M}\p{N}\s-]/gu, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The event route: /{type}/{name-slug}/{uid}. */
export function eventPath(event: { type: string; name: string; uid: string }): string {
  return `/${event.type}/${slugifyEventName(event.name) || 'event'}/${event.uid}`;
}

/** Breadcrumb built from a path: one crumb per segment, each linking to its prefix. */
export function breadcrumbFromPath(
  pathname: string,
  labelFor: (segment: string, index: number) => string = titleFromSegment,
): { label: string; href: string }[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs = [{ label: 'Home', href: '/' }];
  segments.forEach((segment, index) => {
    crumbs.push({ label: labelFor(segment, index), href: `/${segments.slice(0, index + 1).join('/')}` });
  });
  return crumbs;
}

export function titleFromSegment(segment: string): string {
  const words = decodeURIComponent(segment).split('-').filter(Boolean);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}
