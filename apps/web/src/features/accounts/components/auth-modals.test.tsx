import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts';
import { encodeResetStatus } from '../../../lib/reset-status';
import { KUMARI, renderAccounts } from '../../../test/render-accounts';

const assignLocation = vi.hoisted(() => vi.fn());
vi.mock('../lib/assign-location', () => ({ assignLocation }));

afterEach(() => {
  vi.unstubAllGlobals();
  assignLocation.mockReset();
});

const bodyOf = (calls: { method: string; path: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.path === path).map((call) => call.body);

describe('header account controls', () => {
  it('holds the place while the session loads, then shows Sign In', async () => {
    const world = renderAccounts();
    let answer: () => void = () => undefined;
    world.routes['GET /api/auth/session'] = () =>
      new Promise((resolve) => (answer = () => resolve(Response.json(world.state.session))));
    expect(within(screen.getByRole('banner')).getByRole('status')).toHaveTextContent('Checking whether you are signed in…');
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    act(() => answer());
    expect(await screen.findByRole('button', { name: 'Sign In' })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('signed in: Sign Out with the initials (no photo) and a My bookings link', async () => {
    renderAccounts('/', { user: KUMARI });
    const signOut = await screen.findByRole('button', { name: /Sign Out/ });
    expect(signOut).toHaveTextContent('KSSign Out');
    expect(screen.getByRole('link', { name: 'My bookings' })).toHaveAttribute('href', '/my-bookings');
  });

  it("signed in with a photo: Sign Out shows it", async () => {
    renderAccounts('/', { user: { ...KUMARI, image: 'https://example.com/kumari.png' } });
    const signOut = await screen.findByRole('button', { name: 'Sign Out' });
    expect(signOut.querySelector('img')).toHaveAttribute('src', 'https://example.com/kumari.png');
  });

  it('Sign Out calls logout, signs the client out and says so', async () => {
    const world = renderAccounts('/', { user: KUMARI });
    world.routes['GET /api/auth/logout'] = () => {
      world.state.session = { ...world.state.session, user: null };
      return Response.json({ message: 'Signed out.' });
    };
    await world.user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(await screen.findByText(ACCOUNT_MESSAGES.signedOut)).toBeInTheDocument();
    const logout = world.calls.find((call) => call.method === 'GET' && call.path === '/api/auth/logout');
    // The server refuses a sign-out without it (another site could make the browser send the GET).
    expect(logout?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });
});

describe('Sign Up or Log In', () => {
  it('opens from Sign In with the e-mail focused; a wrong password is told; the right one signs in', async () => {
    const world = renderAccounts();
    world.routes['POST /api/auth/sign-in/email'] = ({ body }) => {
      if (JSON.stringify(body) !== JSON.stringify({ email: 'kumari@example.com', password: 'correct horse' })) {
        return Response.json({ code: 'wrong_credentials', message: 'Invalid email or password' }, { status: 401 });
      }
      world.state.session = { ...world.state.session, user: KUMARI };
      return Response.json({ token: 'x' });
    };
    await world.user.click(await screen.findByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign Up or Log In' });
    const email = within(dialog).getByLabelText('Email');
    await waitFor(() => expect(email).toHaveFocus());
    // Nothing configured: no social buttons.
    expect(within(dialog).queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();

    await world.user.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(world.calls.filter((call) => call.path === '/api/auth/sign-in/email')).toHaveLength(0);

    await world.user.type(email, ' Kumari@Example.com ');
    await world.user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await world.user.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.wrongCredentials);

    await world.user.clear(within(dialog).getByLabelText('Password'));
    await world.user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await world.user.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodyOf(world.calls, '/api/auth/sign-in/email')).toHaveLength(2);
  });

  it('too many attempts (429) and a CSRF refusal (403) show their messages', async () => {
    const world = renderAccounts();
    world.routes['POST /api/auth/sign-in/email'] = () =>
      Response.json({ code: 'rate_limited', message: ACCOUNT_MESSAGES.tooManyAttempts }, { status: 429 });
    await world.user.click(await screen.findByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign Up or Log In' });
    await world.user.type(within(dialog).getByLabelText('Email'), 'kumari@example.com');
    await world.user.type(within(dialog).getByLabelText('Password'), 'secret');
    await world.user.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tooManyAttempts);
    world.routes['POST /api/auth/sign-in/email'] = () => Response.json({ code: 'csrf_failed', message: ACCOUNT_MESSAGES.csrf }, { status: 403 });
    await world.user.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.csrf)).toBeInTheDocument();
  });

  it('offers the configured social providers only, and goes to the one chosen', async () => {
    const world = renderAccounts('/', { providers: { google: true, apple: false } });
    world.routes['POST /api/auth/sign-in/social'] = () =>
      Response.json({ url: 'https://accounts.example.com/authorize?x=1', redirect: true });
    await world.router.navigate('/?step=2');
    await world.user.click(await screen.findByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign Up or Log In' });
    expect(within(dialog).queryByRole('button', { name: 'Continue with Apple' })).not.toBeInTheDocument();
    await world.user.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('https://accounts.example.com/authorize?x=1'));
    expect(bodyOf(world.calls, '/api/auth/sign-in/social')).toEqual([
      { provider: 'google', callbackURL: '/?step=2', errorCallbackURL: '/?step=2' },
    ]);
  });

  it('leads to Sign Up and Password Reset and back, focusing each form', async () => {
    const world = renderAccounts();
    await world.user.click(await screen.findByRole('button', { name: 'Sign In' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sign Up or Log In' });
    await world.user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    dialog = screen.getByRole('dialog', { name: 'Sign Up' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
    await world.user.click(within(dialog).getByRole('button', { name: 'Log In' }));
    dialog = screen.getByRole('dialog', { name: 'Sign Up or Log In' });
    await world.user.click(within(dialog).getByRole('button', { name: 'Reset your password' }));
    dialog = screen.getByRole('dialog', { name: 'Password Reset' });
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveFocus());
    await world.user.click(within(dialog).getByRole('button', { name: 'Back to Log In' }));
    expect(screen.getByRole('dialog', { name: 'Sign Up or Log In' })).toBeInTheDocument();
    await world.user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

async function openSignUp(world: ReturnType<typeof renderAccounts>) {
  await world.user.click(await screen.findByRole('button', { name: 'Sign In' }));
  await world.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign Up' }));
  const dialog = screen.getByRole('dialog', { name: 'Sign Up' });
  await world.user.type(within(dialog).getByLabelText('Name'), 'Kumari Silva');
  await world.user.type(within(dialog).getByLabelText('Email'), 'kumari@example.com');
  await world.user.type(within(dialog).getByLabelText('Password'), 'correct horse');
  await world.user.type(within(dialog).getByLabelText('Confirm password'), 'correct horse');
  return dialog;
}

describe('Sign Up', () => {
  it("shows every server error in a red alert", async () => {
    const world = renderAccounts();
    world.routes['POST /register'] = () =>
      Response.json(
        {
          code: 'validation_failed', message: 'The given data was invalid.',
          errors: { email: [ACCOUNT_MESSAGES.emailTaken], password: ['This password has appeared in a data breach.'] },
        },
        { status: 422 },
      );
    const dialog = await openSignUp(world);
    await world.user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveClass('bg-red-50');
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      ACCOUNT_MESSAGES.emailTaken,
      'This password has appeared in a data breach.',
    ]);
  });

  it('checks the fields before sending', async () => {
    const world = renderAccounts();
    await world.user.click(await screen.findByRole('button', { name: 'Sign In' }));
    await world.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign Up' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign Up' });
    await world.user.type(within(dialog).getByLabelText('Password'), 'short');
    await world.user.type(within(dialog).getByLabelText('Confirm password'), 'other');
    await world.user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(ACCOUNT_MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(within(dialog).getByText(ACCOUNT_MESSAGES.passwordMismatch)).toBeInTheDocument();
    expect(world.calls.some((call) => call.path === '/register')).toBe(false);
  });

  it('a refused human check (403) is told and the check solved again', async () => {
    const world = renderAccounts();
    world.routes['POST /register'] = () => Response.json({ code: 'captcha_failed', message: ACCOUNT_MESSAGES.captchaFailed }, { status: 403 });
    const dialog = await openSignUp(world);
    await world.user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.captchaFailed);
  });

  it('asks for the CSRF cookie, sends the human check, then says Registration successful and Please login, then Log In', async () => {
    const world = renderAccounts();
    world.routes['POST /register'] = () => Response.json({ message: 'Registered.' }, { status: 201 });
    const dialog = await openSignUp(world);
    await world.user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    const popup = await screen.findByRole('dialog', { name: /Registration successful/ });
    expect(popup).toHaveTextContent(ACCOUNT_MESSAGES.pleaseLogin);

    const paths = world.calls.map((call) => `${call.method} ${call.path}`);
    const registerAt = paths.indexOf('POST /register');
    expect(paths.slice(0, registerAt)).toContain('GET /sanctum/csrf-cookie');
    const registerCall = world.calls[registerAt];
    expect(registerCall?.headers.get('X-Captcha')).toMatch(/^captcha-\d+$/);
    expect(registerCall?.body).toEqual({
      name: 'Kumari Silva',
      email: 'kumari@example.com',
      password: 'correct horse',
      password_confirmation: 'correct horse',
    });

    await world.user.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('dialog', { name: 'Sign Up or Log In' })).toBeInTheDocument();
  });
});

describe('Password Reset', () => {
  it("sends the e-mail with the human check and shows the server's message in a popup", async () => {
    const world = renderAccounts();
    world.routes['POST /api/auth/password/forgot'] = () => Response.json({ message: ACCOUNT_MESSAGES.resetLinkSent });
    await world.user.click(await screen.findByRole('button', { name: 'Sign In' }));
    await world.user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset your password' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Password Reset' });
    await world.user.type(within(dialog).getByLabelText('Email'), 'kumari@example.com');
    await world.user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    const popup = await screen.findByRole('dialog', { name: /Check your e-mail/ });
    expect(popup).toHaveTextContent(ACCOUNT_MESSAGES.resetLinkSent);
    expect(popup).not.toHaveTextContent(ACCOUNT_MESSAGES.registered);
    const call = world.calls.find((c) => c.path === '/api/auth/password/forgot');
    expect(call?.body).toEqual({ email: 'kumari@example.com' });
    expect(call?.headers.get('X-Captcha')).toMatch(/^captcha-\d+$/);
  });
});

describe('the reset parameter', () => {
  it('success opens the login modal with the message and leaves the address', async () => {
    const encoded = encodeResetStatus({ status: 'success', message: ACCOUNT_MESSAGES.resetDone });
    renderAccounts(`/?reset=${encoded}&q=1`);
    const dialog = await screen.findByRole('dialog', { name: 'Sign Up or Log In' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.resetDone);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/\?q=1$/));
  });

  it('error opens the Password Reset modal with the message', async () => {
    const encoded = encodeResetStatus({ status: 'error', message: ACCOUNT_MESSAGES.resetLinkInvalid });
    renderAccounts(`/?reset=${encoded}`);
    const dialog = await screen.findByRole('dialog', { name: 'Password Reset' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.resetLinkInvalid);
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveFocus());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('garbage opens nothing and is dropped', async () => {
    renderAccounts('/?reset=garbage!');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('/reset-password', () => {
  async function fillNewPassword(world: ReturnType<typeof renderAccounts>, password = 'new password 1') {
    await world.user.type(await screen.findByLabelText('New password'), password);
    await world.user.type(screen.getByLabelText('Confirm new password'), password);
    await world.user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('changes the password and opens the login modal with the message', async () => {
    const world = renderAccounts('/reset-password?token=tok123');
    world.routes['POST /api/auth/password/reset'] = () => Response.json({ message: ACCOUNT_MESSAGES.resetDone });
    await fillNewPassword(world);
    const dialog = await screen.findByRole('dialog', { name: 'Sign Up or Log In' });
    expect(dialog).toHaveTextContent(ACCOUNT_MESSAGES.resetDone);
    expect(world.calls.find((call) => call.path === '/api/auth/password/reset')?.body).toEqual({
      token: 'tok123',
      password: 'new password 1',
      password_confirmation: 'new password 1',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('a bad token (422 errors.token) goes to the Password Reset modal', async () => {
    const world = renderAccounts('/reset-password?token=old');
    world.routes['POST /api/auth/password/reset'] = () =>
      Response.json({ code: 'validation_failed', message: 'Invalid.', errors: { token: ['Invalid token'] } }, { status: 422 });
    await fillNewPassword(world);
    const dialog = await screen.findByRole('dialog', { name: 'Password Reset' });
    expect(dialog).toHaveTextContent(ACCOUNT_MESSAGES.resetLinkInvalid);
  });

  it('a link the server found bad lands in the Password Reset modal at once', async () => {
    renderAccounts('/reset-password?error=INVALID_TOKEN');
    const dialog = await screen.findByRole('dialog', { name: 'Password Reset' });
    expect(dialog).toHaveTextContent(ACCOUNT_MESSAGES.resetLinkInvalid);
  });

  it("other field errors (422) show beside their fields", async () => {
    const world = renderAccounts('/reset-password?token=tok123');
    world.routes['POST /api/auth/password/reset'] = () =>
      Response.json({ code: 'validation_failed', message: 'Invalid.', errors: { password: ['Too common.'] } }, { status: 422 });
    await fillNewPassword(world);
    expect(await screen.findByText('Too common.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });
});
