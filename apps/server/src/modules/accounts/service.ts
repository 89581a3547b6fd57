import type { Db } from '@marquee/db/client';
import * as repository from './repository';

export type AccountsService = ReturnType<typeof createAccountsService>;

/** What Marquee keeps about accounts beside better-auth's tables: which orders an account placed. */
export function createAccountsService(db: Db) {
  return {
    emailHasAccount: (email: string) => repository.emailHasAccount(db, email),
    linkOrder: (bookingId: string, userId: string) => repository.linkOrderToAccount(db, bookingId, userId),
  };
}
