import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { failOnConsoleErrors } from './console-errors';
import { fakeAltcha } from './fake-altcha';

// jsdom runs no workers: the human check's widget is a fake that solves at once (see fake-altcha.ts).
vi.mock('../components/captcha/load-altcha', () => import('./fake-altcha'));

// findBy* and waitFor wait for what the test names, however busy the machine: 1 s (the default) is a
// guess at its speed, and a 2-core machine running the server suite beside this one missed it.
configure({ asyncUtilTimeout: 5_000 });

// Registered before the cleanup below, so it runs after it (vitest runs after-hooks last-in, first-out):
// what an unmount logs counts too.
failOnConsoleErrors();

afterEach(() => {
  cleanup();
  fakeAltcha.outcome = 'verified';
});
