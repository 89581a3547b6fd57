import { test } from '@playwright/test';

/**
 * The buyer's e-mail in this test: `local` plus a tag of the test (and of its repeat and retry), so that
 * no test's holds count against another's. Marquee limits what one buyer holds of an event, and makes a
 * buyer who cancels wait a few minutes before holding the same tickets again (decisions/029); the specs
 * share the demo events, so a shared e-mail would make one test the buyer another is refused as.
 */
export function buyerEmail(local: string, domain = 'example.com'): string {
  const info = test.info();
  const tag = `${info.testId.split('-').at(-1) ?? info.testId}.${info.repeatEachIndex}.${info.retry}`;
  return `${local}+${tag}@${domain}`;
}
