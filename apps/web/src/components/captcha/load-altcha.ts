/**
 * Loads the ALTCHA widget (the `altcha-widget` custom element, its proof-of-work workers and styles): a
 * chunk of its own, fetched only when a form that needs the check is shown. Its own module so component
 * tests can put a fake element in its place (src/test/setup.ts).
 */
export async function loadAltcha(): Promise<void> {
  await import('altcha');
}
