import { TICKET_MESSAGES, parseTicketCode, type TicketClaims } from '@marquee/domain/tickets';
import { invalidField } from '../../plugins/app-error';
import type { TicketSigner } from './ticket-signing';

export interface VerifyCodeDeps {
  signer: () => Promise<TicketSigner>;
}

/** A scanned code's claims when it is well formed and signed by us; AppError 422 otherwise. */
export async function verifyCode(deps: VerifyCodeDeps, text: string): Promise<TicketClaims> {
  const parsed = parseTicketCode(text);
  if (!parsed.ok) throw invalidField('code', parsed.reason);
  if (!(await deps.signer()).verify(parsed.code)) throw invalidField('code', TICKET_MESSAGES.forged);
  return parsed.code.claims;
}
