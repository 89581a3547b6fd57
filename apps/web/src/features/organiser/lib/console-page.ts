/**
 * Which console page an address names, from what follows `/organiser/{org}/`. Matched here rather than with
 * React Router's descendant `<Routes>`: the router's code is in the chunk every buyer page loads, and
 * `<Routes>`/`<Route>` (which no buyer page uses) would have grown it for the console alone.
 */
export type ConsolePage =
  | { name: 'index' }
  | { name: 'events' }
  | { name: 'venues' }
  | { name: 'new-venue' }
  | { name: 'venue'; venueId: number }
  | { name: 'team' }
  | { name: 'audit' }
  | { name: 'not-found' };

export function consolePageOf(rest: string): ConsolePage {
  const segments = rest.split('/').filter(Boolean);
  const [first, second, ...more] = segments;
  if (more.length > 0) return { name: 'not-found' };
  if (first === undefined) return { name: 'index' };
  if (second === undefined) {
    switch (first) {
      case 'events':
      case 'venues':
      case 'team':
      case 'audit':
        return { name: first };
      default:
        return { name: 'not-found' };
    }
  }
  if (first === 'venues') {
    if (second === 'new') return { name: 'new-venue' };
    const venueId = /^[1-9]\d{0,9}$/.test(second) ? Number(second) : NaN;
    if (Number.isSafeInteger(venueId) && venueId <= 2_147_483_647) return { name: 'venue', venueId };
  }
  return { name: 'not-found' };
}
