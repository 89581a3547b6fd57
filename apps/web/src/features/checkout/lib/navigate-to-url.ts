/**
 * Leaves the app for another address: the return address after a payment, a 3-D Secure challenge, the
 * instalment provider's approval page. Its own module so tests can replace it.
 */
export function navigateToUrl(url: string): void {
  window.location.assign(url);
}
