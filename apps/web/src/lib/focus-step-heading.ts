/**
 * Moves focus to a step's heading when the booking step changes. On the page the visitor landed on
 * (the first history entry: React Router numbers entries in `history.state.idx`) focus moves without
 * scrolling: the browser's scroll stays at the top while the page's data and code arrive, so the
 * footer is never scrolled into view and then pushed away (a layout shift), and a reload keeps its place.
 */
export function focusStepHeading(element: HTMLElement | null): void {
  element?.focus({ preventScroll: isFirstHistoryEntry() });
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
