/**
 * The contract between the web build's prerendered first views (apps/web/src/prerender/first-views.tsx)
 * and the server that fills them in per page (apps/server/src/plugins/web-app/first-views.ts): where a
 * page's content goes in the frame, and the slots of an event page's top. Each is text React leaves as is.
 */
export const FIRST_VIEW_SLOTS = {
  content: '<!--first-view-content-->',
  eventName: '__MQ_EVENT_NAME__',
  eventBanner: '__MQ_EVENT_BANNER__',
} as const;

/** The element id of the data block with the page's first API answers (apps/web/src/lib/initial-responses.ts). */
export const INITIAL_RESPONSES_ELEMENT_ID = 'marquee-initial-responses';
