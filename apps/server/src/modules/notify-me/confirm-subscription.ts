import type { Db } from '@marquee/db/client';
import { eventPath } from '@marquee/domain/slug';
import { AppError } from '../../plugins/app-error';
import { linkTokenHash } from '../../lib/link-tokens';
import { unsubscribeToken } from './links';
import { NOTIFY_ME_MESSAGES, type ConfirmAnswer } from './notify-me.schema';
import * as repository from './repository';

export interface ConfirmDeps {
  db: Db;
  linkKey: () => Promise<Buffer>;
  validDays: number;
  /** Asks the worker to run now (an event already on sale is then told at once). */
  kickWorker: () => void;
}

/**
 * The double opt-in's second step, from the page the e-mail's link opens (a button: a mail scanner that follows
 * links confirms nothing). Using the link again answers the same; an unknown token is 403, an old one 410.
 */
export async function confirmSubscription(deps: ConfirmDeps, token: string): Promise<ConfirmAnswer> {
  const hash = linkTokenHash(token);
  const found = hash ? await repository.findByConfirmHash(deps.db, hash, deps.validDays) : null;
  if (!found || found.status === 'unsubscribed') throw new AppError('link_invalid', NOTIFY_ME_MESSAGES.linkInvalid);
  if (found.status === 'pending' && found.isExpired) throw new AppError('link_expired', NOTIFY_ME_MESSAGES.linkExpired);
  await repository.markConfirmed(deps.db, found.id);
  if (found.event.isSaleOpen) deps.kickWorker();
  return {
    status: 'confirmed',
    event: { name: found.event.name, path: eventPath(found.event), is_on_sale: found.event.isSaleOpen },
    unsubscribe_token: unsubscribeToken(await deps.linkKey(), found.id),
  };
}
