import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { parseBookingStep, type BookingStep } from '@marquee/domain/selection';

/** The booking flow's steps on the event route: 1 to 3 as the domain reads them, and 4 the confirmation. */
export type BookingFlowStep = BookingStep | 4;

/** Parameters that belong to one step: the confirmation's order and the return address's payment error. */
const STEP_PARAMS = ['orderId', 'payment_error'];

/**
 * Reads `?step=`. Step 4 (the confirmation, where the return address lands) needs the order it confirms
 * (`?orderId=`) and is shown whatever the event's status: the last tickets may have just been bought.
 * Without an order it is the checkout, step 3. Step 3 with a saved order (`hasSavedOrder`: this tab's checkout,
 * or a waitlist offer's) resumes it whatever the status too: its held tickets may be what shows the event sold out.
 */
export function parseBookingFlowStep(
  value: string | null,
  orderId: string | null,
  isOnSale: boolean,
  hasSavedOrder = false,
): BookingFlowStep {
  const canCheckOut = isOnSale || hasSavedOrder;
  if (value === '4') return orderId ? 4 : parseBookingStep('3', canCheckOut);
  if (value === '3') return parseBookingStep(value, canCheckOut);
  return parseBookingStep(value, isOnSale);
}

/**
 * The booking flow's step, kept in `?step=` so Back and a reload keep the buyer where they were.
 * Moving pushes a history entry; step 1 drops the parameter. Only an on-sale event gets past step 1,
 * except to its confirmation and to a saved order's checkout.
 */
export function useBookingStep(
  isOnSale: boolean,
  hasSavedOrder = false,
): [step: BookingFlowStep, goToStep: (step: BookingStep) => void] {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const step = parseBookingFlowStep(searchParams.get('step'), searchParams.get('orderId'), isOnSale, hasSavedOrder);
  const goToStep = useCallback(
    (next: BookingStep) => {
      const params = new URLSearchParams(searchParams);
      for (const name of STEP_PARAMS) params.delete(name);
      if (next === 1) params.delete('step');
      else params.set('step', String(next));
      const search = params.toString();
      void navigate({ search: search ? `?${search}` : '' });
    },
    [navigate, searchParams],
  );
  return [step, goToStep];
}
