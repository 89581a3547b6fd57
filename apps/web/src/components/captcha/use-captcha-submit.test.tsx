import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { CaptchaError } from './captcha-controller';
import { useCaptchaSubmit } from './use-captcha-submit';

const captchaRefused = () =>
  new ApiError(403, { code: 'captcha_failed', message: 'We could not confirm that you are human.' });

// The widget itself is the fake of test/fake-altcha.ts in use-captcha-submit.widget.test.tsx; here, its controller.
const controller = vi.hoisted(() => ({ getPayload: vi.fn<() => Promise<string>>(), reset: vi.fn() }));
vi.mock('./captcha', () => ({
  useCaptcha: () => ({ captcha: null, getPayload: controller.getPayload, reset: controller.reset }),
}));

describe('useCaptchaSubmit', () => {
  beforeEach(() => {
    controller.getPayload.mockReset().mockResolvedValue('payload-1');
    controller.reset.mockReset();
  });

  it('resolves with what the request answered, busy from the start until the answer', async () => {
    let answer: (value: string) => void = () => undefined;
    const send = vi.fn((_payload: string) => new Promise<string>((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useCaptchaSubmit());
    expect(result.current.isSubmitting).toBe(false);

    let submitted: Promise<string> = Promise.resolve('');
    act(() => {
      submitted = result.current.submit(send);
    });
    expect(result.current.isSubmitting).toBe(true);
    await waitFor(() => expect(send).toHaveBeenCalledWith('payload-1'));
    expect(result.current.isSubmitting).toBe(true);
    await act(async () => {
      answer('done');
      await expect(submitted).resolves.toBe('done');
    });
    expect(result.current.isSubmitting).toBe(false);
    expect(controller.reset).not.toHaveBeenCalled();
  });

  it('captcha_failed: a new check is started and the refusal passed on', async () => {
    const refusal = captchaRefused();
    const { result } = renderHook(() => useCaptchaSubmit());
    await act(async () => {
      await expect(result.current.submit(() => Promise.reject(refusal))).rejects.toBe(refusal);
    });
    expect(controller.reset).toHaveBeenCalledTimes(1);
    expect(result.current.isSubmitting).toBe(false);
  });

  it.each([
    ['csrf_failed', new ApiError(403, { code: 'csrf_failed', message: 'Refused.' })],
    ['rate_limited', new ApiError(429, { code: 'rate_limited', message: 'Wait.' })],
    ['no answer', new TypeError('Failed to fetch')],
  ])('%s: passed on, the check left as it is', async (_name, failure) => {
    const { result } = renderHook(() => useCaptchaSubmit());
    await act(async () => {
      await expect(result.current.submit(() => Promise.reject(failure))).rejects.toBe(failure);
    });
    expect(controller.reset).not.toHaveBeenCalled();
  });

  it('a check that cannot be solved rejects with a CaptchaError and sends nothing', async () => {
    controller.getPayload.mockRejectedValue(new CaptchaError());
    const send = vi.fn(async () => 'sent');
    const { result } = renderHook(() => useCaptchaSubmit());
    await act(async () => {
      await expect(result.current.submit(send)).rejects.toBeInstanceOf(CaptchaError);
    });
    expect(send).not.toHaveBeenCalled();
    expect(result.current.isSubmitting).toBe(false);
  });

  it('any other failure to solve is reported as a CaptchaError too', async () => {
    controller.getPayload.mockRejectedValue(new Error('worker crashed'));
    const { result } = renderHook(() => useCaptchaSubmit());
    await act(async () => {
      await expect(result.current.submit(async () => 'sent')).rejects.toBeInstanceOf(CaptchaError);
    });
  });
});
