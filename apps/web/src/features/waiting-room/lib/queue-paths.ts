/** The buyer's queue page for an event (a route of the app). */
export function queuePathOf(uid: string): string {
  return `/events/${encodeURIComponent(uid)}/queue`;
}

/** The queue's API address for an event. */
export function queueApiPath(uid: string): string {
  return `/api/events/${encodeURIComponent(uid)}/queue`;
}
