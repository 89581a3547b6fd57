import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS } from '@marquee/domain/errors';
import { ApiError } from './api-client';
import { isApiRefusal } from './api-refusal';

describe('isApiRefusal', () => {
  it.each(ERROR_CODES)('%s is a refusal exactly when its status is below 500', (code) => {
    const error = new ApiError(ERROR_STATUS[code], { code, message: 'x' });
    expect(isApiRefusal(error)).toBe(ERROR_STATUS[code] < 500);
  });

  it('no answer at all (a network failure) is not a refusal', () => {
    expect(isApiRefusal(new TypeError('Failed to fetch'))).toBe(false);
    expect(isApiRefusal(null)).toBe(false);
  });
});
