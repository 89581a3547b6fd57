import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

/**
 * A web test fails when something logged `console.error` it did not expect (React's warnings about keys,
 * act() or a failed prop type, an error boundary's catch): the test may pass its own assertions while the
 * page is broken. A test that provokes one on purpose says so with `expectConsoleError(pattern)`.
 */
let spy: MockInstance<typeof console.error> | undefined;
const logged: string[] = [];
const expected: RegExp[] = [];

export function expectConsoleError(pattern: RegExp): void {
  expected.push(pattern);
}

export function failOnConsoleErrors(): void {
  beforeEach(() => {
    spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg))).join(' '));
    });
  });
  afterEach(() => {
    spy?.mockRestore();
    const unexpected = logged.splice(0).filter((line) => !expected.some((pattern) => pattern.test(line)));
    expected.length = 0;
    if (unexpected.length > 0) throw new Error(`console.error in this test:\n${unexpected.join('\n')}`);
  });
}
