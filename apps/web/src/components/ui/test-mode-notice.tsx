/** What the notice says: the words a screen reader reads whole, and a phone shows the start of. */
export const TEST_MODE_NOTICE = {
  label: 'Test mode',
  detail: 'payments are simulated and tickets are not valid.',
} as const;

/**
 * Says on every page that payments are tests (decisions/030): one line, pinned to the bottom of the screen.
 * It never moves the page (fixed, so nothing the first view painted shifts when it appears), never takes a
 * click (pointer-events: none, so whatever lies under it still works) and is a landmark of its own, read
 * early (it comes first in the frame). On a phone it shows "Test mode" only; the rest is read aloud.
 */
export function TestModeNotice() {
  return (
    <aside
      aria-label={TEST_MODE_NOTICE.label}
      className="pointer-events-none fixed inset-x-0 bottom-2 z-40 flex justify-center px-2 print:hidden"
    >
      <p className="rounded-full bg-accent-300 px-3 py-1 text-xs text-brand-950 shadow-md ring-1 ring-brand-950/20 sm:text-sm">
        <strong className="font-bold">{TEST_MODE_NOTICE.label}</strong>
        <span className="max-sm:sr-only">: {TEST_MODE_NOTICE.detail}</span>
      </p>
    </aside>
  );
}
