import type { Db } from '@marquee/db/client';
import { eventPath } from '@marquee/domain/slug';
import { AppError } from '../../plugins/app-error';
import { checkUnsubscribeToken } from './links';
import { NOTIFY_ME_MESSAGES, type UnsubscribeAnswer } from './notify-me.schema';
import * as repository from './repository';

/**
 * One click, no session (the e-mail's link opens a page whose button posts here), and idempotent: unsubscribing
 * again, or after the event was deleted, answers the same. A token we did not sign is 403.
 */
export async function unsubscribe(
  deps: { db: Db; linkKey: () => Promise<Buffer> },
  token: string,
): Promise<UnsubscribeAnswer> {
  const id = checkUnsubscribeToken(await deps.linkKey(), token);
  if (id === null) throw new AppError('link_invalid', NOTIFY_ME_MESSAGES.linkInvalid);
  const event = await repository.unsubscribe(deps.db, id);
  return {
    status: 'unsubscribed',
    event: event ? { name: event.name, path: eventPath(event), is_on_sale: event.isSaleOpen } : null,
  };
}
