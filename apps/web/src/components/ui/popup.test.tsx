import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POPUP_DEFAULT_DURATION_MS, Popup } from './popup';

afterEach(() => vi.useRealTimers());

describe('Popup', () => {
  it('closes by itself after 10 seconds by default', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Popup isOpen onClose={onClose} variant="error" title="Promo code" message="This code has expired." />);
    expect(POPUP_DEFAULT_DURATION_MS).toBe(10_000);
    const dialog = screen.getByRole('dialog', { name: 'Error: Promo code' });
    expect(dialog).toHaveTextContent('This code has expired.');
    expect(dialog).toHaveTextContent('Closes in 10 s.');

    act(() => vi.advanceTimersByTime(9_500));
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toHaveTextContent('Closes in 1 s.');
    act(() => vi.advanceTimersByTime(500));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('is not dismissed by a click outside it; OK closes it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <>
        <p>Page behind</p>
        <Popup isOpen onClose={onClose} message="Read me" durationMs={null} />
      </>,
    );
    await user.click(screen.getByText('Page behind'));
    await user.click(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('pauses its timer while the pointer is over it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const onClose = vi.fn();
    render(<Popup isOpen onClose={onClose} message="Slow reader" durationMs={2_000} />);
    await user.hover(screen.getByRole('dialog'));
    act(() => vi.advanceTimersByTime(5_000));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toHaveTextContent('Paused while you read.');
    await user.unhover(screen.getByRole('dialog'));
    act(() => vi.advanceTimersByTime(2_500));
    expect(onClose).toHaveBeenCalled();
  });
});
