import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { failOnConsoleErrors } from './console-errors';
import { fakeAltcha } from './fake-altcha';

// jsdom runs no workers: the human check's widget is a fake that solves at once (see fake-altcha.ts).
vi.mock('../components/captcha/load-altcha', () => import('./fake-altcha'));

// Registered before the cleanup below, so it runs after it (vitest runs after-hooks last-in, first-out):
// what an unmount logs counts too.
failOnConsoleErrors();

afterEach(() => {
  cleanup();
  fakeAltcha.outcome = 'verified';
});
