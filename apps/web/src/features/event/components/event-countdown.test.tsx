import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventCountdown } from './event-countdown';

const START = '2026-12-05T14:00:00.000Z';
const startMs = Date.parse(START);

function unit(name: string): HTMLElement {
  const label = screen.getByText(name);
  const box = label.parentElement;
  if (!box) throw new Error(`No box around ${name}`);
  return box;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('EventCountdown', () => {
  it('shows days, hours, minutes and seconds and ticks each second', () => {
    vi.setSystemTime(startMs - (2 * 86_400 + 3 * 3_600 + 4 * 60 + 5) * 1000);
    render(<EventCountdown startDate={START} />);
    expect(unit('Days')).toHaveTextContent('02');
    expect(unit('Hours')).toHaveTextContent('03');
    expect(unit('Minutes')).toHaveTextContent('04');
    expect(unit('Seconds')).toHaveTextContent('05');

    act(() => vi.advanceTimersByTime(1000));
    expect(unit('Seconds')).toHaveTextContent('04');
    act(() => vi.advanceTimersByTime(5000));
    expect(unit('Minutes')).toHaveTextContent('03');
    expect(unit('Seconds')).toHaveTextContent('59');
  });

  it('never announces the ticking numbers', () => {
    vi.setSystemTime(startMs - 60_000);
    render(<EventCountdown startDate={START} />);
    expect(screen.getByRole('timer')).toHaveAttribute('aria-live', 'off');
  });

  it('highlights minutes and seconds at 5 minutes or less, not before', () => {
    vi.setSystemTime(startMs - 5 * 60_000 - 2_000);
    render(<EventCountdown startDate={START} />);
    expect(unit('Minutes')).toHaveAttribute('data-highlighted', 'false');
    expect(unit('Seconds')).toHaveAttribute('data-highlighted', 'false');

    act(() => vi.advanceTimersByTime(2_000));
    expect(unit('Minutes')).toHaveTextContent('05');
    expect(unit('Minutes')).toHaveAttribute('data-highlighted', 'true');
    expect(unit('Seconds')).toHaveAttribute('data-highlighted', 'true');
    expect(unit('Hours')).toHaveAttribute('data-highlighted', 'false');
    expect(unit('Days')).toHaveAttribute('data-highlighted', 'false');
  });

  it('shows Live Event Now in Progress! when it reaches zero, and stops ticking', () => {
    vi.setSystemTime(startMs - 3_000);
    render(<EventCountdown startDate={START} />);
    expect(screen.queryByText('Live Event Now in Progress!')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByRole('status')).toHaveTextContent('Live Event Now in Progress!');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the live message straight away for an event that has started', () => {
    vi.setSystemTime(startMs + 60_000);
    render(<EventCountdown startDate={START} />);
    expect(screen.getByText('Live Event Now in Progress!')).toBeInTheDocument();
  });
});
