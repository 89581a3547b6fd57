import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { parseBookingStep, type BookingStep } from '@marquee/domain/selection';

/**
 * The booking flow's step, kept in `?step=` so Back and a reload keep the buyer where they were.
 * Moving pushes a history entry; step 1 drops the parameter. Only an on-sale event gets past step 1.
 */
export function useBookingStep(isOnSale: boolean): [step: BookingStep, goToStep: (step: BookingStep) => void] {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const step = parseBookingStep(searchParams.get('step'), isOnSale);
  const goToStep = useCallback(
    (next: BookingStep) => {
      const params = new URLSearchParams(searchParams);
      if (next === 1) params.delete('step');
      else params.set('step', String(next));
      const search = params.toString();
      void navigate({ search: search ? `?${search}` : '' });
    },
    [navigate, searchParams],
  );
  return [step, goToStep];
}

