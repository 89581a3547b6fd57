import { afterEach } from 'vitest';
import { takeServerErrors } from './server-errors';

/**
 * A server test fails when the app answered 5xx during it and the test did not take that answer itself
 * (`takeServerErrors()`): a 5xx is a bug the buyer sees, even when the test's own assertions pass. So does
 * an error body out of the shape, or an answer its OpenAPI document does not describe (openapi-contract.ts).
 */
afterEach(() => {
  const errors = takeServerErrors();
  if (errors.length > 0)
    throw new Error(`The app answered 5xx, or out of its documented contract, in this test:\n${errors.join('\n')}`);
});
