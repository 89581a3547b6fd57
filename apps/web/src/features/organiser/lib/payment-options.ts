/**
 * The ways to pay an event may offer (its `payment_gateway_ids`). The server keeps them in its
 * `payment_gateways` table with fixed ids (the card is 1, the instalment provider 2: spec section 9) and
 * refuses an id it does not have; no console route lists them yet, so the console names them here. An id an
 * event already has that is not listed (an import's) still shows, so it can be taken off.
 */
export interface PaymentOption {
  id: number;
  name: string;
  description: string;
}

export const PAYMENT_OPTIONS: readonly PaymentOption[] = [
  { id: 1, name: 'Card', description: 'Credit and debit cards.' },
  { id: 2, name: 'PayIn3', description: 'Three monthly instalments, through the instalment provider.' },
];

/** The options to offer: the known ones, then any other id the event has. */
export function paymentOptionsFor(selected: readonly number[]): PaymentOption[] {
  const known = new Set(PAYMENT_OPTIONS.map((option) => option.id));
  const others = selected
    .filter((id) => !known.has(id))
    .map((id) => ({
      id,
      name: `Payment gateway ${id}`,
      description: 'Not one the console knows: untick to take it off.',
    }));
  return [...PAYMENT_OPTIONS, ...others];
}
