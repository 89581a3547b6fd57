import { useEffect, type Dispatch } from 'react';
import type { BuyerDetailsInput } from '@marquee/domain/checkout';
import { getOrder } from '../api/get-order';
import type { CheckoutAction } from '../lib/checkout-state';
import { forgetActiveOrder, readActiveOrder } from '../lib/checkout-storage';
import { errorToScreen } from '../lib/error-to-screen';
import { holdDeadline } from '../lib/hold-clock';

/**
 * While `isAsking` (the checkout is `resuming`), asks the server about the order this tab saved for the event:
 * still pending and held, its buyer goes back in the form and it is `resumed`; over or refused, it is forgotten
 * and the checkout starts over (`resume_ended`); no answer, `resume_failed` (the page offers Try again).
 */
export function useResumeOrder(
  eventUid: string,
  isAsking: boolean,
  dispatch: Dispatch<CheckoutAction>,
  restoreBuyer: (buyer: BuyerDetailsInput) => void,
): void {
  useEffect(() => {
    if (!isAsking) return;
    const stored = readActiveOrder(eventUid);
    const controller = new AbortController();
    const startOver = () => {
      forgetActiveOrder(eventUid);
      dispatch({ type: 'resume_ended' });
    };
    void (async () => {
      if (!stored) return dispatch({ type: 'resume_ended' });
      try {
        const order = await getOrder(stored, controller.signal);
        const deadline = holdDeadline(order, Date.now());
        if (order.status !== 'pending' || deadline <= Date.now()) return startOver();
        restoreBuyer({ ...order.buyer });
        dispatch({ type: 'resumed', hold: { order, access: stored, deadline } });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (errorToScreen(error, 'resume_order').kind === 'retry') return dispatch({ type: 'resume_failed' });
        startOver();
      }
    })();
    return () => controller.abort();
  }, [isAsking, eventUid, dispatch, restoreBuyer]);
}
