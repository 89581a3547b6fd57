import { z } from 'zod';

/**
 * Fair holds (issue 20; decisions/029): what one buyer (an e-mail, and an account when signed in) may hold
 * of an event. Each event has its own limits (columns of `events`, set by the importer); these are the
 * defaults. The database enforces them when it places an order (marquee_check_buyer_limits.sql).
 */
export const BUYER_LIMIT_DEFAULTS = {
  /** Tickets held at once over the buyer's unpaid orders: one full order (MAX_TICKETS_PER_ORDER). */
  maxHeldPerBuyer: 10,
  /** After a hold of theirs ends unpaid (cancelled or expired), the buyer waits this long to hold that package again. */
  holdCooldownSeconds: 180,
  /** Free tickets (price 0) held or booked for the event, in all. */
  maxFreePerBuyer: 4,
} as const;

/** Which limit refused an order: tickets held at once, the cooldown, or free tickets. */
export const BUYER_LIMIT_KINDS = ['held', 'cooldown', 'free'] as const;
export const BuyerLimitKindSchema = z.enum(BUYER_LIMIT_KINDS);
export type BuyerLimitKind = z.infer<typeof BuyerLimitKindSchema>;

/** A limit that refused an order, with what the database counted (`current`: the buyer's tickets before this order). */
export type BuyerLimitRefusal =
  | { limit: 'held'; max: number; current: number }
  | { limit: 'cooldown'; retry_after_seconds: number }
  | { limit: 'free'; max: number; current: number };

function tickets(count: number, kind = ''): string {
  return `${count} ${kind}${count === 1 ? 'ticket' : 'tickets'}`;
}

function inMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? 'in a minute' : `in about ${minutes} minutes`;
}

/** What the buyer is told when a limit refuses their order: what happened and what to do. */
export function buyerLimitMessage(refusal: BuyerLimitRefusal): string {
  switch (refusal.limit) {
    case 'held': {
      const left = refusal.max - refusal.current;
      if (refusal.current === 0) {
        return `One buyer may hold at most ${tickets(refusal.max)} for this event at a time. Please choose no more than ${refusal.max}.`;
      }
      if (left <= 0) {
        return `You are already holding ${tickets(refusal.current)} for this event, the most one buyer may hold at a time. Please pay for or cancel your other order before you start a new one.`;
      }
      return `You are already holding ${tickets(refusal.current)} for this event, and one buyer may hold at most ${refusal.max} at a time. Please choose no more than ${left}, or pay for or cancel your other order first.`;
    }
    case 'cooldown':
      return `You let these tickets go a moment ago. To give other buyers a fair chance, you can hold them again ${inMinutes(refusal.retry_after_seconds)}.`;
    case 'free': {
      const left = refusal.max - refusal.current;
      if (refusal.current === 0) {
        return `One buyer may book at most ${tickets(refusal.max, 'free ')} for this event. Please choose no more than ${refusal.max}.`;
      }
      if (left <= 0) {
        return `One buyer may book at most ${tickets(refusal.max, 'free ')} for this event, and you already have ${refusal.current}.`;
      }
      return `One buyer may book at most ${tickets(refusal.max, 'free ')} for this event, and you already have ${refusal.current}. Please choose no more than ${left}.`;
    }
  }
}
