/** Leaves the app for another address (a sign-in provider). Its own module so tests can replace it. */
export function assignLocation(url: string): void {
  window.location.assign(url);
}
