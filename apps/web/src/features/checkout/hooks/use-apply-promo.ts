import { useRef, type Dispatch } from 'react';
import type { EventDetail } from '@marquee/domain/catalog';
import { BUYER_MESSAGES, BuyerDetailsSchema } from '@marquee/domain/checkout';
import type { Selection } from '@marquee/domain/selection';
import { toast } from '../../../components/toaster';
import type { PopupMessage } from '../../../components/ui/popup';
import { useCheckPromotion } from '../api/check-promotion';
import { promoCheckRequest, type CheckoutSummary } from '../lib/checkout-lines';
import type { CheckoutAction } from '../lib/checkout-state';
import { errorToScreen } from '../lib/error-to-screen';

/**
 * The promo code of the order summary (spec 5, 7, 8): checked with the server for tickets of a single package,
 * the coupon kept for the selection it was checked for. `applyEventPromo` tries the event's own code, once and
 * quietly, when the event applies it by itself.
 */
export function useApplyPromo({
  event,
  selection,
  summary,
  isPricingSeats,
  email,
  hasCoupon,
  dispatch,
  showPopups,
}: {
  event: EventDetail;
  selection: Selection;
  summary: CheckoutSummary;
  /** Seats still to be priced from the seat map: no check until they are. */
  isPricingSeats: boolean;
  /** As typed so far: sent only when valid. */
  email: string | undefined;
  hasCoupon: boolean;
  dispatch: Dispatch<CheckoutAction>;
  showPopups: (messages: PopupMessage[]) => void;
}) {
  const promoCheck = useCheckPromotion();
  const hasTriedEventPromo = useRef(false);

  function applyPromo(code: string, isAuto = false) {
    if (summary.lines.length === 0 || isPricingSeats) return;
    // Spec 5: a promotion needs tickets from a single package.
    if (summary.lines.length > 1) {
      if (!isAuto) dispatch({ type: 'promo_refused', message: BUYER_MESSAGES.promoOnePackage });
      return;
    }
    const validEmail = BuyerDetailsSchema.shape.email.safeParse(email);
    const checkedSelection = selection;
    const request = promoCheckRequest(event, summary.lines, code, validEmail.success ? validEmail.data : undefined);
    promoCheck.mutate(request, {
      onSuccess: ({ data }) => {
        const applied = { code: data.promo_code, discount: data.disc_amt, totalDue: data.total_due };
        dispatch({ type: 'promo_applied', coupon: applied, selection: checkedSelection });
        if (!isAuto) toast.success(`Coupon ${data.promo_code} applied.`);
      },
      onError: (error) => {
        // The event's own code was tried quietly; a refusal then is no news to the buyer.
        if (isAuto) return;
        const screen = errorToScreen(error, 'check_promo');
        dispatch({ type: 'promo_refused', message: screen.promoError });
        showPopups(screen.popups);
      },
    });
  }

  function applyEventPromo() {
    if (hasTriedEventPromo.current || !event.promo_auto_apply || !event.promo_code || hasCoupon) return;
    hasTriedEventPromo.current = true;
    applyPromo(event.promo_code, true);
  }

  return { applyPromo: (code: string) => applyPromo(code), applyEventPromo, isCheckingPromo: promoCheck.isPending };
}
