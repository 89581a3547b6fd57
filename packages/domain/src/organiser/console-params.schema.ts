import { z } from 'zod';
import { ConsoleEventParamsSchema } from './console.schema';

/**
 * The console routes' path and query parameters that arrive as text and are read as numbers: the server's
 * alone. They are apart from the console's contract (console.schema.ts) because `z.coerce` in any chunk of
 * the web app moves parts of zod out of the buyer pages' main chunk (issue 21: the console must not make a
 * buyer page's JavaScript grow). Ids stop at PostgreSQL's integer, so a larger one is a 422, not a 500.
 */
const MAX_ID = 2_147_483_647;

function idOf(what: string) {
  return z.coerce
    .number({ error: `must be ${what} id` })
    .int()
    .positive()
    .max(MAX_ID);
}

/** Path parameters of a venue's routes. */
export const VenueParamsSchema = z.object({ org: z.string(), venueId: idOf('a venue') });

/** Path parameters of a package's routes. */
export const ConsolePackageParamsSchema = ConsoleEventParamsSchema.extend({ packageId: idOf('a package') });

/** Path parameters of a member's and an invitation's routes. */
export const MemberParamsSchema = z.object({ org: z.string(), memberId: idOf('a member') });
export const InvitationParamsSchema = z.object({ org: z.string(), invitationId: idOf('an invitation') });

/** The organisation's log (`…/audit`) or one event's (`…/events/{eventUid}/audit`), a page at a time. */
export const AuditQuerySchema = z.object({
  /** The id of the last entry of the previous page: entries older than it. */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Path parameters of a promo code's routes (promotions.schema.ts). */
export const PromoParamsSchema = ConsoleEventParamsSchema.extend({ promoId: idOf('a promo code') });

/** Path parameters of a check-in list's routes (gate.schema.ts). */
export const CheckInListParamsSchema = ConsoleEventParamsSchema.extend({ listId: idOf('a check-in list') });
