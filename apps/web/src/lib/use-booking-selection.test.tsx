import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_SELECTION } from '@marquee/domain/selection';
import { useBookingSelection } from './use-booking-selection';

afterEach(() => sessionStorage.clear());

describe('useBookingSelection', () => {
  it('keeps the selection per event in sessionStorage, shared by every user of the hook', () => {
    const first = renderHook(() => useBookingSelection('abc123'));
    const second = renderHook(() => useBookingSelection('abc123'));
    const other = renderHook(() => useBookingSelection('zzz999'));
    act(() => first.result.current[1]({ packages: { '2': 3 }, seats: ['A-1'] }));
    expect(sessionStorage.getItem('marquee:selection:abc123')).toBe('{"packages":{"2":3},"seats":["A-1"]}');
    expect(second.result.current[0]).toEqual({ packages: { '2': 3 }, seats: ['A-1'] });
    expect(other.result.current[0]).toEqual(EMPTY_SELECTION);
    act(() => second.result.current[2]());
    expect(first.result.current[0]).toEqual(EMPTY_SELECTION);
    expect(sessionStorage.getItem('marquee:selection:abc123')).toBeNull();
  });

  it('drops stored data that is not a valid selection', () => {
    sessionStorage.setItem('marquee:selection:abc123', 'not json');
    expect(renderHook(() => useBookingSelection('abc123')).result.current[0]).toEqual(EMPTY_SELECTION);
    sessionStorage.setItem('marquee:selection:zzz999', JSON.stringify({ packages: { x: 1 }, seats: [] }));
    expect(renderHook(() => useBookingSelection('zzz999')).result.current[0]).toEqual(EMPTY_SELECTION);
  });
});
