import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts';
import { bodiesOf, makeMe, makeOrganisation, renderConsole, type ConsoleWorld } from '../test/render-console';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TWO_FACTOR_REQUIRED = {
  code: 'two_factor_required',
  message: 'Confirm it is you with a code from your authenticator app to use this part of the console.',
};

/** The organisation refuses until `state.confirmed` (the step-up or the enrolment sets it). */
function twoFactorWorld(twoFactorEnabled: boolean) {
  const state = { confirmed: false, enabled: twoFactorEnabled };
  const world = renderConsole('/organiser/acme/events', {
    api: {
      'GET /api/organiser/me': () =>
        Response.json(makeMe({ two_factor: { enabled: state.enabled, this_session: state.confirmed } })),
      'GET /api/organiser/acme': () =>
        state.confirmed ? Response.json(makeOrganisation()) : Response.json(TWO_FACTOR_REQUIRED, { status: 403 }),
      'GET /api/organiser/acme/events': () => Response.json({ events: [] }),
    },
  });
  return { world, state };
}

async function typeAndSubmit(world: ConsoleWorld, field: HTMLElement, text: string, button: string) {
  await world.user.clear(field);
  await world.user.type(field, text);
  await world.user.click(screen.getByRole('button', { name: button }));
}

describe('the step-up panel (two_factor_required, two factors on)', () => {
  it('asks for the app code, says a wrong one is wrong, then opens the console with the right one', async () => {
    const { world, state } = twoFactorWorld(true);
    world.routes['POST /api/auth/two-factor/verify-totp'] = ({ body }) => {
      if (JSON.stringify(body) !== JSON.stringify({ code: '123456' })) {
        return Response.json({ code: 'wrong_credentials', message: ACCOUNT_MESSAGES.wrongCode }, { status: 401 });
      }
      state.confirmed = true;
      return Response.json({ user: { id: 'u1', email: 'owner@example.com', name: 'Owner' } });
    };
    expect(await screen.findByRole('heading', { name: 'Confirm it is you' })).toBeInTheDocument();
    const code = screen.getByLabelText('Code from your authenticator app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveFocus();

    await typeAndSubmit(world, code, '12ab', 'Confirm');
    expect(await screen.findByText(ACCOUNT_MESSAGES.codeInvalid)).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', '/api/auth/two-factor/verify-totp')).toHaveLength(0);

    await typeAndSubmit(world, code, '000000', 'Confirm');
    expect(await screen.findByText(ACCOUNT_MESSAGES.wrongCode)).toBeInTheDocument();
    await waitFor(() => expect(code).toHaveFocus());

    await typeAndSubmit(world, code, '123456', 'Confirm');
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', '/api/auth/two-factor/verify-totp')).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  it('too many codes: the server says so, above the form', async () => {
    const { world } = twoFactorWorld(true);
    world.routes['POST /api/auth/two-factor/verify-totp'] = () =>
      Response.json({ code: 'rate_limited', message: ACCOUNT_MESSAGES.tooManyAttempts }, { status: 429 });
    const code = await screen.findByLabelText('Code from your authenticator app');
    await typeAndSubmit(world, code, '111111', 'Confirm');
    const form = screen.getByRole('form', { name: 'Confirm with a code' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tooManyAttempts);
  });
});

describe('turning two factors on (two_factor_required, none yet)', () => {
  it('password, then the QR code, the key and the backup codes, then the first code opens the console', async () => {
    const { world, state } = twoFactorWorld(false);
    world.routes['POST /api/auth/two-factor/enable'] = ({ body }) =>
      JSON.stringify(body) === JSON.stringify({ password: 'correct horse' })
        ? Response.json({
            totp_uri: 'otpauth://totp/Marquee:kumari%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Marquee',
            backup_codes: ['AbC12-dEf34', 'GhI56-jKl78'],
          })
        : Response.json({ code: 'wrong_credentials', message: ACCOUNT_MESSAGES.wrongPassword }, { status: 401 });
    world.routes['POST /api/auth/two-factor/verify-totp'] = ({ body }) => {
      if (JSON.stringify(body) !== JSON.stringify({ code: '123456' })) {
        return Response.json({ code: 'wrong_credentials', message: ACCOUNT_MESSAGES.wrongCode }, { status: 401 });
      }
      state.enabled = true;
      state.confirmed = true;
      return Response.json({ token: 't', user: { id: 'u1', email: 'kumari@example.com', name: 'Kumari' } });
    };

    expect(await screen.findByRole('heading', { name: 'Turn on two-factor sign-in' })).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    await typeAndSubmit(world, password, 'wrong', 'Continue');
    expect(await screen.findByText(ACCOUNT_MESSAGES.wrongPassword)).toBeInTheDocument();

    await typeAndSubmit(world, password, 'correct horse', 'Continue');
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open it in your authenticator app' })).toHaveAttribute(
      'href',
      'otpauth://totp/Marquee:kumari%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Marquee',
    );
    expect(within(screen.getByRole('list', { name: 'Backup codes' })).getAllByRole('listitem')).toHaveLength(2);
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();

    const code = screen.getByLabelText('Code from your authenticator app');
    await typeAndSubmit(world, code, '999999', 'Turn on two-factor sign-in');
    expect(await screen.findByText(ACCOUNT_MESSAGES.wrongCode)).toBeInTheDocument();
    await typeAndSubmit(world, code, '123456', 'Turn on two-factor sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
  });
});
