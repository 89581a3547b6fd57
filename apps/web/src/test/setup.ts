import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { fakeAltcha } from './fake-altcha';

// jsdom runs no workers: the human check's widget is a fake that solves at once (see fake-altcha.ts).
vi.mock('../components/captcha/load-altcha', () => import('./fake-altcha'));

afterEach(() => {
  cleanup();
  fakeAltcha.outcome = 'verified';
});
