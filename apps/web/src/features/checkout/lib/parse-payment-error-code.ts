import { PAYMENT_ERROR_CODES, type PaymentErrorCode } from '@marquee/domain/payments';

/** `?payment_error=` from the return address: a known code, else null (an unknown value is ignored). */
export function parsePaymentErrorCode(value: string | null): PaymentErrorCode | null {
  return PAYMENT_ERROR_CODES.find((code) => code === value) ?? null;
}
