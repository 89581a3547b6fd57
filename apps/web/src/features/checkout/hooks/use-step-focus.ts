import { useEffect, useRef, type RefObject } from 'react';
import { focusStepHeading } from '../../../lib/focus-step-heading';
import type { StepNumber } from '../lib/checkout-state';

/**
 * The checkout came without a page load: focus moves to its heading, then to each step's button as the
 * checkout opens it (`focusRequest`, a new object per request, so asking twice for a step focuses it twice).
 */
export function useStepFocus(focusRequest: { step: StepNumber } | null): {
  headingRef: RefObject<HTMLHeadingElement | null>;
  stepRefs: Record<StepNumber, RefObject<HTMLButtonElement | null>>;
} {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const step1Ref = useRef<HTMLButtonElement>(null);
  const step2Ref = useRef<HTMLButtonElement>(null);
  const step3Ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    focusStepHeading(headingRef.current);
  }, []);
  useEffect(() => {
    if (focusRequest === null) return;
    const ref = focusRequest.step === 1 ? step1Ref : focusRequest.step === 2 ? step2Ref : step3Ref;
    ref.current?.focus();
  }, [focusRequest]);
  return { headingRef, stepRefs: { 1: step1Ref, 2: step2Ref, 3: step3Ref } };
}
