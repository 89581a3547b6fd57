import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts';
import { KUMARI, renderAccounts, type AccountsWorld } from '../../../test/render-accounts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TWO_FACTOR_REDIRECT = { twoFactorRedirect: true, twoFactorMethods: ['totp'] };

/** Opens the login modal and sends a right password for an account with two factors on. */
async function reachCodeStep(world: AccountsWorld) {
  world.routes['POST /api/auth/sign-in/email'] = () => Response.json(TWO_FACTOR_REDIRECT);
  await world.user.click(await screen.findByRole('button', { name: 'Sign In' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sign Up or Log In' });
  await world.user.type(within(dialog).getByLabelText('Email'), 'kumari@example.com');
  await world.user.type(within(dialog).getByLabelText('Password'), 'correct horse');
  await world.user.click(within(dialog).getByRole('button', { name: 'Log In' }));
  return dialog;
}

const bodiesOf = (world: AccountsWorld, path: string) =>
  world.calls.filter((call) => call.path === path).map((call) => call.body);

describe('Log in with two factors: the code step', () => {
  it('asks for the app code (number pad, one-time-code), refuses a short or wrong one, signs in with the right one', async () => {
    const world = renderAccounts();
    world.routes['POST /api/auth/two-factor/verify-totp'] = ({ body }) => {
      if (JSON.stringify(body) !== JSON.stringify({ code: '123456' })) {
        return Response.json({ code: 'wrong_credentials', message: ACCOUNT_MESSAGES.wrongCode }, { status: 401 });
      }
      world.state.session = { ...world.state.session, user: KUMARI };
      return Response.json({ token: 't', user: { id: 'u1', email: KUMARI.email, name: KUMARI.name } });
    };
    const dialog = await reachCodeStep(world);

    const code = await within(dialog).findByLabelText('Code from your authenticator app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(code).toHaveFocus());
    // No session yet: the password form, the social buttons and the links to register are gone.
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();

    await world.user.type(code, '123');
    await world.user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.codeInvalid)).toBeInTheDocument();
    expect(bodiesOf(world, '/api/auth/two-factor/verify-totp')).toHaveLength(0);

    await world.user.clear(code);
    await world.user.type(code, '654321');
    await world.user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.wrongCode)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await world.user.clear(code);
    await world.user.type(code, '123456');
    await world.user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: /Sign Out/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodiesOf(world, '/api/auth/two-factor/verify-totp')).toEqual([{ code: '654321' }, { code: '123456' }]);
  });

  it('"Use a backup code instead" sends a backup code to its own route', async () => {
    const world = renderAccounts();
    world.routes['POST /api/auth/two-factor/verify-backup-code'] = () => {
      world.state.session = { ...world.state.session, user: KUMARI };
      return Response.json({ token: 't', user: { id: 'u1', email: KUMARI.email, name: KUMARI.name } });
    };
    const dialog = await reachCodeStep(world);
    await world.user.click(await within(dialog).findByRole('button', { name: 'Use a backup code instead' }));
    const backup = within(dialog).getByLabelText('Backup code');
    await waitFor(() => expect(backup).toHaveFocus());
    expect(backup).not.toHaveAttribute('inputmode', 'numeric');

    await world.user.type(backup, 'nonsense');
    await world.user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.backupCodeInvalid)).toBeInTheDocument();

    await world.user.clear(backup);
    await world.user.type(backup, 'AbC12-dEf34');
    await world.user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: /Sign Out/ })).toBeInTheDocument();
    expect(bodiesOf(world, '/api/auth/two-factor/verify-backup-code')).toEqual([{ code: 'AbC12-dEf34' }]);
    expect(bodiesOf(world, '/api/auth/two-factor/verify-totp')).toHaveLength(0);
  });

  it('a spent or expired challenge goes back to the password, saying why; too many codes say so', async () => {
    const world = renderAccounts();
    world.routes['POST /api/auth/two-factor/verify-totp'] = () =>
      Response.json({ code: 'rate_limited', message: ACCOUNT_MESSAGES.tooManyAttempts }, { status: 429 });
    const dialog = await reachCodeStep(world);
    const code = await within(dialog).findByLabelText('Code from your authenticator app');
    await world.user.type(code, '111111');
    await world.user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tooManyAttempts);

    world.routes['POST /api/auth/two-factor/verify-totp'] = () =>
      Response.json({ code: 'sign_in_required', message: ACCOUNT_MESSAGES.twoFactorSignInAgain }, { status: 401 });
    await world.user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    const password = await within(dialog).findByLabelText('Password');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.twoFactorSignInAgain);
    await waitFor(() => expect(password).toHaveFocus());
    // The e-mail typed before is still there.
    expect(within(dialog).getByLabelText('Email')).toHaveValue('kumari@example.com');
  });

  it('Back to log in returns to the password form', async () => {
    const world = renderAccounts();
    const dialog = await reachCodeStep(world);
    await world.user.click(await within(dialog).findByRole('button', { name: 'Back to log in' }));
    expect(await within(dialog).findByLabelText('Password')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
