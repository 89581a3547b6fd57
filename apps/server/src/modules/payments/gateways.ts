import { eq } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { paymentGateways } from '@marquee/db/schema';
import type { PaymentGateway } from './gateway';
import { createSandboxGateway } from './sandbox-gateway';

export interface PaymentGateways {
  /** The implementation behind a payment_gateways row, by the row's kind; null for an unknown id. */
  forId(gatewayId: number): Promise<PaymentGateway | null>;
}

/** Maps payment_gateways rows to implementations: the sandbox ones for now (Stripe joins with the payments issue). */
export function createPaymentGateways(db: Db): PaymentGateways {
  const byKind = {
    card: createSandboxGateway(db, 'card'),
    instalments: createSandboxGateway(db, 'instalments'),
  } as const;
  const kindById = new Map<number, 'card' | 'instalments'>();
  return {
    async forId(gatewayId) {
      let kind = kindById.get(gatewayId);
      if (!kind) {
        const [row] = await db
          .select({ kind: paymentGateways.kind })
          .from(paymentGateways)
          .where(eq(paymentGateways.id, gatewayId));
        if (!row) return null;
        kind = row.kind;
        kindById.set(gatewayId, kind);
      }
      return byKind[kind];
    },
  };
}
