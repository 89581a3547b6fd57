import { useEffect } from 'react';

export const SITE_NAME = 'Marquee';
/** The title index.html ships with, used for pages that do not name themselves (home). */
export const DEFAULT_DOCUMENT_TITLE = 'Marquee: tickets for concerts, theatre and dance';

/** "About us | Marquee"; the default title without a page title. */
export function formatDocumentTitle(title?: string): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} | ${SITE_NAME}` : DEFAULT_DOCUMENT_TITLE;
}

/**
 * Sets document.title for the page while it is shown. Screen readers announce the title on
 * navigation, so every page names itself; pass undefined while data is loading to keep the default.
 */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}
