import type { Db } from '@marquee/db/client';
import { unsubscribeToken } from './links';
import type { NotifyMeLinks } from './link-keys';
import * as repository from './repository';

/** Subscriptions claimed per transaction: small enough that a transaction holds its row locks briefly. */
const BATCH_SIZE = 200;

/**
 * The worker's run: queues one "on sale now" e-mail per confirmed subscriber of every event whose sale is open
 * (its sale start passed, or an organiser put it on sale), batch after batch until none is due. Safe in every
 * server process at once (repository.claimDue). Answers how many were queued.
 */
export async function notifyOpenSales(deps: {
  db: Db;
  links: NotifyMeLinks;
  linkKey: () => Promise<Buffer>;
  isStopping: () => boolean;
}): Promise<number> {
  const key = await deps.linkKey();
  let queued = 0;
  while (!deps.isStopping()) {
    const claimed = await repository.claimDue(deps.db, BATCH_SIZE, async (tx, ids) => {
      for (const subscriptionId of ids) {
        await repository.queueMail(tx, {
          kind: 'notify_me_on_sale',
          subscriptionId,
          url: deps.links.unsubscribeUrl(unsubscribeToken(key, subscriptionId)),
        });
      }
    });
    queued += claimed;
    if (claimed < BATCH_SIZE) break;
  }
  return queued;
}
