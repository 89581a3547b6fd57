import { describe, expect, it } from 'vitest';
import { breadcrumbFromPath, eventPath, slugifyEventName } from './slug';

describe('slugs', () => {
  it('lowercases the event name and turns spaces into hyphens', () => {
    expect(slugifyEventName('Symphony Under The Stars')).toBe('symphony-under-the-stars');
  });

  it('drops characters that are unsafe in a path and folds repeated separators', () => {
    expect(slugifyEventName("  Rock & Roll   Night: Live!  ")).toBe('rock-roll-night-live');
    expect(slugifyEventName('Café Señor')).toBe('cafe-senor');
  });

  it('keeps letters of other scripts', () => {
    expect(slugifyEventName('සිංහල ගීත')).toBe('සිංහල-ගීත');
    expect(slugifyEventName('இசை மாலை')).toBe('இசை-மாலை');
  });

  it('builds the event route /{type}/{name-slug}/{uid}', () => {
    expect(eventPath({ type: 'concerts', name: 'Colombo Jazz Fest', uid: 'ab12cd34' })).toBe('/concerts/colombo-jazz-fest/ab12cd34');
    expect(eventPath({ type: 'dance', name: '!!!', uid: 'x1y2z3w4' })).toBe('/dance/event/x1y2z3w4');
  });

  it('builds a breadcrumb from the path', () => {
    expect(breadcrumbFromPath('/uni-events/some-show/ab12')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Uni Events', href: '/uni-events' },
      { label: 'Some Show', href: '/uni-events/some-show' },
      { label: 'Ab12', href: '/uni-events/some-show/ab12' },
    ]);
    expect(breadcrumbFromPath('/')).toEqual([{ label: 'Home', href: '/' }]);
  });
});
