import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAltcha } from '../../test/fake-altcha';
import { ApiError } from '../../lib/api-client';
import { useCaptchaSubmit } from './use-captcha-submit';

const captchaRefused = () =>
  new ApiError(403, { code: 'captcha_failed', message: 'We could not confirm that you are human.' });

/** A form with the widget (the fake from test/fake-altcha.ts) whose submit sends what `send` does. */
function Form({ send }: { send: (payload: string) => Promise<string> }) {
  const { captcha, isSubmitting, submit } = useCaptchaSubmit();
  const [outcome, setOutcome] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit(send).then(
          (value) => setOutcome(`sent: ${value}`),
          (error: unknown) => setOutcome(`failed: ${error instanceof Error ? error.name : 'unknown'}`),
        );
      }}
    >
      {captcha}
      <button type="submit">{isSubmitting ? 'Sending…' : 'Send'}</button>
      <output>{outcome}</output>
    </form>
  );
}

describe('useCaptchaSubmit with the widget', () => {
  beforeEach(() => {
    fakeAltcha.issued = 0;
    fakeAltcha.resets = 0;
  });

  it('solves the check and sends with a fresh payload each time', async () => {
    const send = vi.fn(async (payload: string) => payload);
    const user = userEvent.setup();
    render(<Form send={send} />);
    const resetsBefore = fakeAltcha.resets;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/^sent: captcha-\d+$/)).toBeInTheDocument();
    expect(fakeAltcha.resets).toBe(resetsBefore + 1);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send.mock.calls[0]?.[0]).not.toBe(send.mock.calls[1]?.[0]);
  });

  it('starts a new check when the server refuses the payload', async () => {
    const user = userEvent.setup();
    render(<Form send={() => Promise.reject(captchaRefused())} />);
    const resetsBefore = fakeAltcha.resets;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('failed: ApiError')).toBeInTheDocument();
    // One reset as the payload is handed out (a fresh one is solved at once), one more for the refusal.
    expect(fakeAltcha.resets).toBe(resetsBefore + 2);
  });

  it('reports a check that cannot be solved, and sends nothing', async () => {
    fakeAltcha.outcome = 'error';
    const send = vi.fn(async () => 'sent');
    const user = userEvent.setup();
    render(<Form send={send} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('failed: CaptchaError')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('starts the widget only when the form is used, not while the page is getting ready (issue 25)', async () => {
    const user = userEvent.setup();
    render(
      <>
        <input aria-label="Elsewhere" />
        <Form send={async (payload) => payload} />
      </>,
    );
    const widgets = () => document.querySelectorAll('altcha-widget').length;
    await user.click(screen.getByRole('textbox', { name: 'Elsewhere' }));
    expect(screen.getByText('Loading the human check…')).toBeInTheDocument();
    expect(widgets()).toBe(0);
    // A key or a tap in the form starts it; so would a submit (the test above), or a few seconds.
    await user.tab();
    await waitFor(() => expect(widgets()).toBe(1));
  });
});
