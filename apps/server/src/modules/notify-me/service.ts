import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@marquee/db/client';
import { NOTIFY_ME_CONFIRM_VALID_DAYS } from '../mail/service';
import { confirmSubscription } from './confirm-subscription';
import { makeLinkKey, makeLinks } from './link-keys';
import { notifyOpenSales } from './notify-open-sales';
import { subscribe } from './subscribe';
import { unsubscribe } from './unsubscribe';

export type NotifyMeService = ReturnType<typeof createNotifyMeService>;

/** Confirmation e-mails to one address per 24 hours, all events together (decisions/047). */
export const CONFIRM_MAILS_PER_DAY = 3;

/**
 * Notify Me (issue 23; decisions/047): subscribe (double opt-in), confirm, unsubscribe, and the worker's run that
 * tells confirmed subscribers once when the sale opens. The e-mails go through the outbox (modules/mail).
 */
export function createNotifyMeService(deps: {
  db: Db;
  publicUrl: string;
  log: FastifyBaseLogger;
  confirmMailsPerDay?: number;
}) {
  const { db, log } = deps;
  const links = makeLinks(deps.publicUrl);
  const linkKey = makeLinkKey(db);
  let isStopping = false;
  // The routes' worker registers itself here, so a confirmation for an event on sale is told at once.
  let kick: () => void = () => {};

  return {
    subscribe: (input: { uid: string; email: string; userId: string | null }) =>
      subscribe({ db, links, log, confirmMailsPerDay: deps.confirmMailsPerDay ?? CONFIRM_MAILS_PER_DAY }, input),
    confirm: (token: string) =>
      confirmSubscription({ db, linkKey, validDays: NOTIFY_ME_CONFIRM_VALID_DAYS, kickWorker: () => kick() }, token),
    unsubscribe: (token: string) => unsubscribe({ db, linkKey }, token),
    /** Queues the "on sale now" e-mails that are due; the worker calls it, tests too. */
    notifyOpenSales: () => notifyOpenSales({ db, links, linkKey, isStopping: () => isStopping }),
    setKick(next: () => void) {
      kick = next;
    },
    /** No more batches are claimed; the one under way finishes. */
    stop() {
      isStopping = true;
    },
  };
}
