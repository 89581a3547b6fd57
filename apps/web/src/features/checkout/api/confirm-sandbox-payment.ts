import { useMutation } from '@tanstack/react-query';
import { SandboxConfirmResponseSchema, type SandboxConfirmRequest } from '@marquee/domain/payments';
import { apiSend } from '../../../lib/api-client';

/**
 * POST /api/sandbox/payment_intents/{intent_id}/confirm: the sandbox card element's confirmCardPayment.
 * Card outcomes (declined, insufficient funds…) are a 200 with `error`; a cancelled intent is `canceled`.
 */
export function confirmSandboxPayment({ intentId, request }: { intentId: string; request: SandboxConfirmRequest }) {
  return apiSend(
    'POST',
    `/api/sandbox/payment_intents/${encodeURIComponent(intentId)}/confirm`,
    request,
    SandboxConfirmResponseSchema,
  );
}

export function useConfirmSandboxPayment() {
  return useMutation({ mutationFn: confirmSandboxPayment });
}
