import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { WaitlistOfferAnswer } from '@marquee/domain/waitlist';
import { PageContainer } from '../../components/layout/page-container';
import { PageTitle } from '../../components/ui/page-title';
import { useDocumentTitle } from '../../lib/use-document-title';
import { saveActiveOrder } from '../../features/checkout/lib/checkout-storage';
import { WaitlistOffer } from '../../features/waitlist/components/waitlist-offer';

/**
 * /waitlist/offer?token=…: the offer e-mail's link (issue 23). The held order's access goes where the checkout
 * keeps a saved order (this tab's storage), and the event's step 3 resumes it at its payment step, as a reload
 * of the checkout would.
 */
export function Component() {
  useDocumentTitle('Your waitlist tickets');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const onClaimed = useCallback(
    (offer: WaitlistOfferAnswer) => {
      saveActiveOrder(offer.event.uid, { orderId: offer.order_id, accessToken: offer.access_token });
      void navigate(`${offer.event.path}?step=3`);
    },
    [navigate],
  );
  return (
    <PageContainer className="py-6 sm:py-10">
      <div className="flex max-w-2xl flex-col gap-6">
        <PageTitle>Your waitlist tickets</PageTitle>
        <WaitlistOffer token={searchParams.get('token')} onClaimed={onClaimed} />
      </div>
    </PageContainer>
  );
}
