import { z } from 'zod';

/** The navigation state the event page sends to the queue page when the checkout was refused (403 queue_required). */
export const SENT_FROM_CHECKOUT = { waitingRoom: 'queue_required' } as const;

const SentFromCheckoutSchema = z.object({ waitingRoom: z.literal('queue_required') });

/** Parse, don't cast: the location's state is whatever history holds. */
export function isSentFromCheckout(state: unknown): boolean {
  return SentFromCheckoutSchema.safeParse(state).success;
}
