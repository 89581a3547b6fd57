import { z } from 'zod';
import type { WaitlistOfferAnswer } from '@marquee/domain/waitlist';
import { EventLink, MissingToken, Outcome, Problem } from '../../../components/link-page/link-page-parts';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useClaimOffer } from '../api/claim-offer';
import { waitlistErrorMessage } from '../lib/error-message';

/** A 409 offer_unavailable may name the event (an extra field of the error body): the page then links to it. */
const UnavailableOfferBodySchema = z.object({ event: z.object({ name: z.string(), path: z.string() }) });

export interface WaitlistOfferProps {
  token: string | null;
  /** The held order is the buyer's: the route keeps its access where the checkout finds it, and opens the payment. */
  onClaimed: (offer: WaitlistOfferAnswer) => void;
}

/**
 * Where the offer e-mail links (/waitlist/offer?token=…): tickets came back and are held for this buyer. The
 * press of Continue to payment (not the visit: mail scanners open links) fetches the held order's access; the
 * route then opens the checkout's payment step for it.
 */
export function WaitlistOffer({ token, onClaimed }: WaitlistOfferProps) {
  const claim = useClaimOffer();
  if (!token) return <MissingToken />;

  if (claim.isError && isApiError(claim.error, 'offer_unavailable', 'link_invalid')) {
    const unavailable = UnavailableOfferBodySchema.safeParse(claim.error.body);
    return (
      <Outcome
        tone="error"
        title={
          isApiError(claim.error, 'link_invalid')
            ? 'This link does not work.'
            : 'These tickets are not held for you now.'
        }
      >
        <p className="text-sm">{claim.error.message}</p>
        <EventLink event={unavailable.success ? unavailable.data.event : null} />
      </Outcome>
    );
  }
  const isBusy = claim.isPending || claim.isSuccess;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-base text-slate-800">
        Tickets came back and we are holding them for you. Continue to pay for them before the hold ends, or they pass
        to the next in line.
      </p>
      {claim.isError ? <Problem>{waitlistErrorMessage(claim.error)}</Problem> : null}
      <div>
        <Button
          size="lg"
          aria-disabled={isBusy || undefined}
          onClick={() => {
            if (isBusy) return;
            claim.mutate(token, { onSuccess: (offer) => onClaimed(offer) });
          }}
        >
          {isBusy ? 'Opening the payment…' : 'Continue to payment'}
        </Button>
      </div>
    </div>
  );
}
