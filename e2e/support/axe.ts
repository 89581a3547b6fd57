import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** WCAG 2.2 AA as axe-core tags it: the A and AA rules of 2.0, 2.1 and 2.2. */
export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Issue 9 also asks for sensible headings and landmarks. axe files these under best practice rather than a
 * WCAG criterion, so they are switched on by name on top of the WCAG tags.
 */
export const STRUCTURE_RULES = [
  'page-has-heading-one',
  'heading-order',
  'empty-heading',
  'landmark-one-main',
  'landmark-unique',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-main',
  'landmark-banner-is-top-level',
  'landmark-contentinfo-is-top-level',
  'landmark-main-is-top-level',
  'landmark-complementary-is-top-level',
  'region',
];

export interface AxeCheckOptions {
  /**
   * Leave these out. Only for what axe cannot enter, each with its reason where it is used (a sandboxed
   * frame that runs no script, checked on its own instead); never to hide a violation.
   */
  exclude?: string[];
  /** The heading and landmark rules; off only for a document that is not a page (an e-mail's HTML). */
  hasPageStructure?: boolean;
  /**
   * Only this part of the page (a CSS selector): for a state that changes one part of a page (a dialog's
   * errors, a popup, a listbox) whose page, and the part's first state on it, a test has checked whole. Every
   * WCAG rule still runs on the part; the page-level heading and landmark rules have no page to judge.
   * Checking the part alone is what the state is about, and a whole page's check costs seconds of CPU.
   */
  within?: string;
}

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** One line per rule and one indented pair of lines per element: rule, impact, selector and what is wrong. */
export function formatViolations(violations: AxeResults['violations'] | AxeResults['incomplete']): string[] {
  return violations.map((violation) => {
    const nodes = violation.nodes.map((node) => {
      const target = node.target.map((part) => (Array.isArray(part) ? part.join(' >> ') : part)).join(' >>> ');
      const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ').trim();
      return `    ${target}\n      ${summary}`;
    });
    return `${violation.id} [${violation.impact ?? 'unknown'}] ${violation.help} (${violation.nodes.length})\n${nodes.join('\n')}`;
  });
}

/**
 * Waits until the page's finite CSS animations and transitions have finished (a toast sliding and fading in,
 * say): axe measures colours as they are painted, and a half-faded toast is not what a reader is left with.
 * Endless ones (a spinner) are not waited for; a page clock that holds time still is not waited on past 5 s.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const finished = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([finished, new Promise((resolve) => window.setTimeout(resolve, 5_000))]);
  });
}

/**
 * Runs axe-core at WCAG 2.2 AA (and the heading and landmark rules) on the page as it is now and fails with
 * a readable list when anything is violated. Softly: one test reports every state it visits, and still fails.
 * No rule is disabled.
 */
export async function expectNoAxeViolations(page: Page, state: string, options: AxeCheckOptions = {}): Promise<void> {
  const { exclude = [], hasPageStructure = true, within } = options;
  const checksStructure = hasPageStructure && within === undefined;
  let builder = new AxeBuilder({ page }).options({
    runOnly: { type: 'tag', values: WCAG_22_AA_TAGS },
    rules: checksStructure ? Object.fromEntries(STRUCTURE_RULES.map((rule) => [rule, { enabled: true }])) : {},
  });
  if (within !== undefined) {
    await expect(page.locator(within).first(), `the part axe checks in ${state}`).toBeVisible();
    builder = builder.include(within);
  }
  for (const selector of exclude) builder = builder.exclude(selector);
  await animationsSettled(page);
  const results = await builder.analyze();
  // What axe could not decide (text over an image, say) is no failure, but is kept with the test for review.
  if (results.incomplete.length > 0) {
    await test.info().attach(`axe needs review: ${state}`, {
      body: formatViolations(results.incomplete).join('\n'),
      contentType: 'text/plain',
    });
  }
  expect.soft(formatViolations(results.violations), `axe violations in ${state}`).toEqual([]);
}
