import { useEffect, useRef } from 'react';
import { focusStepHeading } from '../../../lib/focus-step-heading';

/**
 * The step changed without a page load: focus moves to the new step's heading so keyboard and screen
 * reader users follow. The heading needs tabIndex={-1}.
 */
export function useStepHeadingFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    focusStepHeading(ref.current);
  }, []);
  return ref;
}
