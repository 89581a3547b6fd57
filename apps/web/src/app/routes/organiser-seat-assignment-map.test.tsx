import { useState } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SeatAssignmentMapProps } from '../../features/organiser/components/console-services';
import { SMALL_MAP } from '../../features/organiser/test/event-fixtures';
import { SeatAssignmentMap } from './organiser-seat-assignment-map';

const PACKAGES = [
  { id: 11, name: 'Gold', color_class: 0 },
  { id: 12, name: 'Silver', color_class: 1 },
];
/** Silver owns B-C-1; Gold is being assigned. */
const OWNERS: ReadonlyMap<string, number> = new Map([['B-C-1', 12]]);

/** The map as the Seats section holds it: a click, Space or Enter adds the seat to Gold or takes it out. */
function Harness({ onGroupActivate }: { onGroupActivate?: SeatAssignmentMapProps['onGroupActivate'] }) {
  const [seatIds, setSeatIds] = useState<ReadonlySet<string>>(new Set(['A-A-1', 'A-A-2']));
  return (
    <SeatAssignmentMap
      map={SMALL_MAP}
      packages={PACKAGES}
      owners={OWNERS}
      chosen={{ id: 11, seatIds }}
      describeSeat={(seatId) =>
        `${seatId}: ${seatIds.has(seatId) ? 'in Gold' : OWNERS.has(seatId) ? 'Silver' : 'none'}`
      }
      onSeatActivate={(seatId) =>
        setSeatIds((current) => {
          const next = new Set(current);
          if (!next.delete(seatId)) next.add(seatId);
          return next;
        })
      }
      onGroupActivate={onGroupActivate}
    />
  );
}

const legend = () =>
  within(screen.getByRole('list', { name: 'Colours on the map' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const announced = () => screen.getByTestId('seat-map-focus').textContent;
const map = () => screen.getByRole('application', { name: 'Venue seat map' });

describe('the seat assignment map (the buyer’s renderer)', () => {
  it('draws each package’s seats in its colour, the rest as no package, and counts them in the legend', () => {
    const { container } = render(<Harness />);
    expect(legend()).toEqual(['Gold: 2', 'Silver: 1', 'No package: 8']);
    const groups = [...container.querySelectorAll('path[data-group]')].map((path) => path.getAttribute('data-group'));
    expect(groups).toEqual(expect.arrayContaining(['c0', 'c1', 'unavailable']));
    expect(container).toHaveTextContent('Stalls');
    expect(container).toHaveTextContent('Balcony');
  });

  it('the arrow keys move between seats (each said as it is reached); Space adds the seat or takes it out', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    act(() => map().focus());
    expect(announced()).toBe('A-A-1: in Gold');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(announced()).toBe('A-A-3: none');
    await user.keyboard(' ');
    expect(announced()).toBe('A-A-3: in Gold');
    expect(legend()).toEqual(['Gold: 3', 'Silver: 1', 'No package: 7']);
    await user.keyboard('{ArrowDown}');
    expect(announced()).toBe('A-B-3: none');
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(announced()).toBe('A-B-2: in Gold');
    await user.keyboard('{ArrowUp} ');
    expect(announced()).toBe('A-A-2: none');
    expect(legend()).toEqual(['Gold: 3', 'Silver: 1', 'No package: 7']);
  });

  it('R and S act on the row and the section of the seat the keyboard is on', async () => {
    const user = userEvent.setup();
    const onGroupActivate = vi.fn();
    render(<Harness onGroupActivate={onGroupActivate} />);
    act(() => map().focus());
    await user.keyboard('{ArrowDown}{ArrowRight}r');
    expect(onGroupActivate).toHaveBeenLastCalledWith('A-B-2', 'row');
    await user.keyboard('{ArrowDown}S');
    expect(onGroupActivate).toHaveBeenLastCalledWith('B-C-2', 'section');
    // With a modifier the key is the browser's (Ctrl+R reloads), not the map's.
    await user.keyboard('{Control>}r{/Control}');
    expect(onGroupActivate).toHaveBeenCalledTimes(2);
    // The map takes the key (fireEvent answers false when the default was prevented)...
    expect(fireEvent.keyDown(map(), { key: 'r' })).toBe(false);
    expect(onGroupActivate).toHaveBeenCalledTimes(3);
    // ...and R and S take no seat themselves: the chosen package's are as they were.
    expect(legend()).toEqual(['Gold: 2', 'Silver: 1', 'No package: 8']);
  });

  it('read only (no group action): R is left to the browser; the arrows still say whose each seat is', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    act(() => map().focus());
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(announced()).toBe('B-C-1: Silver');
    expect(fireEvent.keyDown(map(), { key: 'r' })).toBe(true);
    expect(fireEvent.keyDown(map(), { key: 's' })).toBe(true);
  });
});
