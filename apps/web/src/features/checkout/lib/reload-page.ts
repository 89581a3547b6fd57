/** Reloads the page (the hold ran out: the buyer starts again). Its own module so tests can replace it. */
export function reloadPage(): void {
  window.location.reload();
}
