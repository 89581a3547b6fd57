import { z } from 'zod';

/** A ticket's seat as printed: its own file, so that describe-seat.ts and tickets.schema.ts both import it. */
export const TicketSeatSchema = z.object({
  id: z.string(),
  /** The section's name from the venue's seat map ("Balcony"), or its id when the map no longer has it. */
  section: z.string(),
  row: z.string(),
  number: z.string(),
});
export type TicketSeat = z.infer<typeof TicketSeatSchema>;
