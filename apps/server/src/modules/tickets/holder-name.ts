import { cleanText } from './ticket-fonts';

/** The ticket holder's name, as the PDF prints it and the gate's check-in shows it. */
export function holderName(row: { firstName: string; lastName: string }): string {
  return cleanText(`${row.firstName} ${row.lastName}`);
}
