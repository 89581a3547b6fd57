import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { BuyerDetails, BuyerDetailsInput } from '@marquee/domain/checkout';

export interface BuyerPrefill {
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * Spec 6: a signed-in buyer's name and e-mail are filled in, once, where the buyer has typed nothing and no
 * resumed order brought its own (`isReady` once the resume has finished without one).
 */
export function useBuyerPrefill(
  form: UseFormReturn<BuyerDetailsInput, unknown, BuyerDetails>,
  buyerPrefill: BuyerPrefill | null,
  isReady: boolean,
): void {
  const hasPrefilled = useRef(false);
  const { getValues, setValue } = form;
  useEffect(() => {
    if (!buyerPrefill || hasPrefilled.current || !isReady) return;
    hasPrefilled.current = true;
    for (const name of ['first_name', 'last_name', 'email'] as const) {
      const value = buyerPrefill[name].trim();
      if (value && getValues(name) === '') setValue(name, value);
    }
  }, [buyerPrefill, isReady, getValues, setValue]);
}
