import type { Db } from '@marquee/db/client';
import { lazyAppSecret } from '../../lib/app-secrets';

/**
 * The HMAC key of unsubscribe links, made once per database (app_secrets) so every server process signs and
 * checks with the same one; read once per process, when first needed.
 */
export function makeLinkKey(db: Db): () => Promise<Buffer> {
  const secret = lazyAppSecret(db, 'notify_me_link_key');
  return async () => Buffer.from(await secret());
}

export interface NotifyMeLinks {
  confirmUrl(token: string): string;
  unsubscribeUrl(token: string): string;
}

/** The web app's pages for the links (apps/web: /notify-me/confirm and /notify-me/unsubscribe). */
export function makeLinks(publicUrl: string): NotifyMeLinks {
  const origin = publicUrl.replace(/\/+$/, '');
  return {
    confirmUrl: (token) => `${origin}/notify-me/confirm?token=${encodeURIComponent(token)}`,
    unsubscribeUrl: (token) => `${origin}/notify-me/unsubscribe?token=${encodeURIComponent(token)}`,
  };
}
