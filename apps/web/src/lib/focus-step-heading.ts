import { afterNextPaint } from './after-next-paint';

/**
 * Moves focus to a step's heading when the booking step changes. On the page the visitor landed on
 * (the first history entry: React Router numbers entries in `history.state.idx`) focus moves without
 * scrolling: the browser's scroll stays at the top while the page's data and code arrive, so the
 * footer is never scrolled into view and then pushed away (a layout shift), and a reload keeps its place.
 *
 * On that landing page the focus also waits until the page has been painted: focusing makes the browser
 * lay out the page at once, inside the task that rendered it, which on a slow phone made that task long
 * enough to block a tap (issue 25). Laid out and painted first, the focus costs almost nothing.
 */
export function focusStepHeading(element: HTMLElement | null): void {
  if (!element) return;
  if (!isFirstHistoryEntry()) {
    element.focus();
    return;
  }
  afterNextPaint(() => {
    // Still on the page, and the visitor has not put the focus somewhere themselves meanwhile. The element's
    // own document, not the global one: the page (or a test's window) may be gone by the time this runs.
    if (!element.isConnected) return;
    const active = element.ownerDocument.activeElement;
    if (active === null || active === element.ownerDocument.body) element.focus({ preventScroll: true });
  });
}

function isFirstHistoryEntry(): boolean {
  const state: unknown = window.history.state;
  return !(
    typeof state === 'object' &&
    state !== null &&
    'idx' in state &&
    typeof state.idx === 'number' &&
    state.idx > 0
  );
}
