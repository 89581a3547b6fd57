/**
 * The contract between the web build's prerendered first views (apps/web/src/prerender/first-views.tsx)
 * and the server that fills them in per page (apps/server/src/modules/pages/first-views.ts): where a
 * page's content goes in the frame, the slots of an event page's top and of the home page's first banner. Each is text React leaves as is.
 */
export const FIRST_VIEW_SLOTS = {
  content: '<!--first-view-content-->',
  eventName: '__MQ_EVENT_NAME__',
  eventBanner: '__MQ_EVENT_BANNER__',
  bannerImage: '__MQ_BANNER_IMAGE__',
  bannerTitle: '__MQ_BANNER_TITLE__',
  bannerSubtitle: '__MQ_BANNER_SUBTITLE__',
  /** Where the slider's controls row goes when there is more than one banner. */
  bannerControls: '<!--first-view-banner-controls-->',
  /** A category page's card placeholders, in order: each takes an event's poster. */
  cardPoster: '<!--first-view-card-poster-->',
  posterImage: '__MQ_POSTER_IMAGE__',
} as const;

/** The element id of the data block with the page's first API answers (apps/web/src/lib/initial-responses.ts). */
export const INITIAL_RESPONSES_ELEMENT_ID = 'marquee-initial-responses';

/**
 * The `<meta name>` that lists the page's script chunks (space-separated paths: the app's, then the
 * route's): the server names them, and the web app's boot script (apps/web/src/boot.ts) asks for them
 * after the first paint.
 */
export const PAGE_MODULES_META_NAME = 'marquee-page-modules';
