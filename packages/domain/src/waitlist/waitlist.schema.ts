import { z } from 'zod';
import { ErrorBodySchema } from '../errors/error-shape';
import { MAX_TICKETS_PER_ORDER } from '../booking/selection';
import { BuyerDetailsSchema, TermsAgreedSchema } from '../checkout/buyer-details.schema';
import { IdSchema } from '../checkout/order.schema';

/**
 * The waitlist of a sold-out package (issue 23; decisions/049): the server's routes and the web app's calls
 * parse the same schemas.
 *
 * A buyer joins with the details an order needs; the entry counts only once its e-mail's link is used
 * (double opt-in), from that moment (its place in line). Tickets that come back (expired holds, cancelled
 * orders, refunds, more capacity) go to the waitlist first: the server places an order for the next in line
 * (held 10 minutes, as any order) and e-mails them a link to pay for it; unpaid, it ends and the tickets pass
 * on. One random token per entry (only its sha256 stored) is in every link: confirm, offer, leave.
 */

export const WAITLIST_MESSAGES = {
  joined: 'Check your e-mail: confirm your place on the waitlist with the link we sent you.',
  notSoldOut: 'Tickets of this package are on sale: choose them instead.',
  tooMany: 'Too many waitlist requests from this connection. Please try again later.',
} as const;

export const WaitlistJoinRequestSchema = z.object({
  package_id: IdSchema,
  quantity: z
    .number()
    .int()
    .min(1, 'Choose at least one ticket.')
    .max(MAX_TICKETS_PER_ORDER, `No more than ${MAX_TICKETS_PER_ORDER} tickets per order.`),
  /** The order's buyer when tickets are offered (spec 5's fields and messages). */
  buyer: BuyerDetailsSchema,
  /** One of the event's payment_gateways; the first (the default) when left out. */
  payment_gateway_id: IdSchema.optional(),
  terms_agreed: TermsAgreedSchema,
});
export type WaitlistJoinRequest = z.infer<typeof WaitlistJoinRequestSchema>;
export type WaitlistJoinInput = z.input<typeof WaitlistJoinRequestSchema>;

/** One answer whatever the address's past: nothing tells a stranger who is on a waitlist. */
export const WaitlistJoinAnswerSchema = z.object({
  status: z.literal('pending'),
  message: z.string(),
});
export type WaitlistJoinAnswer = z.infer<typeof WaitlistJoinAnswerSchema>;

/** The token of a waitlist e-mail's link (random, 43 characters). */
export const WaitlistTokenSchema = z.object({ token: z.string().min(1).max(200) });

const WaitlistEventSchema = z.object({
  uid: z.string(),
  name: z.string(),
  /** The event's page on the site. */
  path: z.string(),
});

export const WAITLIST_STATUSES = ['waiting', 'offered', 'bought', 'lapsed', 'left'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** An entry as its owner sees it (the confirm and leave pages). */
export const WaitlistEntryAnswerSchema = z.object({
  /**
   * waiting: in line; offered: tickets are held for them now (see `offer_expires_at`); bought: they paid for
   * the offer; lapsed: an offer ended unpaid, or the sale ended; left: they left the line.
   */
  status: z.enum(WAITLIST_STATUSES),
  event: WaitlistEventSchema,
  package_name: z.string(),
  quantity: z.number().int(),
  /** 1 for the next in line; null unless waiting. */
  position: z.number().int().positive().nullable(),
  /** While offered: until when the tickets are held. */
  offer_expires_at: z.iso.datetime({ offset: true }).nullable(),
});
export type WaitlistEntryAnswer = z.infer<typeof WaitlistEntryAnswerSchema>;

/**
 * POST /api/waitlist/offer: the held order of an offer and its bearer token, so the link's page continues
 * to the checkout's payment step with it (the same access a buyer gets when their order is saved).
 */
export const WaitlistOfferAnswerSchema = z.object({
  order_id: z.string(),
  access_token: z.string(),
  event: WaitlistEventSchema,
  hold_expires_at: z.iso.datetime({ offset: true }),
});
export type WaitlistOfferAnswer = z.infer<typeof WaitlistOfferAnswerSchema>;

/** 409 `offer_unavailable`: why no offer is held (the message), and the event, so the page can lead back to it. */
export const OfferUnavailableBodySchema = ErrorBodySchema.extend({
  code: z.literal('offer_unavailable'),
  event: WaitlistEventSchema,
});
