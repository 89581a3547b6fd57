import { describe, expect, it } from 'vitest';
import { consolePageOf } from './console-page';
import { organiserPaths } from './organiser-paths';

describe('the gate addresses', () => {
  it('reads the gate pages from the address, the list id checked', () => {
    expect(consolePageOf('gate')).toEqual({ name: 'gates' });
    expect(consolePageOf('events/jazz2026/gate')).toEqual({ name: 'gate', eventUid: 'jazz2026' });
    expect(consolePageOf('events/jazz2026/gate/5')).toEqual({ name: 'gate-scanner', eventUid: 'jazz2026', listId: 5 });
    for (const rest of [
      'events/jazz2026/gate/0',
      'events/jazz2026/gate/05',
      'events/jazz2026/gate/x',
      'events/jazz2026/gate/5/6',
      'events/jazz2026/gate/99999999999',
      'gate/5',
    ]) {
      expect(consolePageOf(rest), rest).toEqual({ name: 'not-found' });
    }
  });

  it('makes the addresses it reads', () => {
    expect(consolePageOf(organiserPaths.gateScanner('acme', 'jazz2026', 7).replace('/organiser/acme/', ''))).toEqual({
      name: 'gate-scanner',
      eventUid: 'jazz2026',
      listId: 7,
    });
  });
});
