import { cleanText } from './ticket-fonts';

/**
 * The ticket holder's name, as the PDF prints it and the gate's check-in shows it: the ticket's own when the desk
 * corrected it (decisions/039), else the buyer's.
 */
export function holderName(row: {
  firstName: string;
  lastName: string;
  holderFirstName?: string | null;
  holderLastName?: string | null;
}): string {
  if (row.holderFirstName && row.holderLastName) return cleanText(`${row.holderFirstName} ${row.holderLastName}`);
  return cleanText(`${row.firstName} ${row.lastName}`);
}
