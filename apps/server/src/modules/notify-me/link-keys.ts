import { randomBytes } from 'node:crypto';
import type { Db } from '@marquee/db/client';
import { ensureAppSecret } from '../../lib/app-secrets';

const LINK_KEY_SECRET = 'notify_me_link_key';

/**
 * The HMAC key of unsubscribe links, made once per database (app_secrets) so every server process signs and
 * checks with the same one; read once per process. A failure (the database away) is not remembered.
 */
export function makeLinkKey(db: Db): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null;
  return () => {
    if (!key) {
      key = ensureAppSecret(db, LINK_KEY_SECRET, () => randomBytes(32).toString('base64url')).then((value) =>
        Buffer.from(value),
      );
      key.catch(() => {
        key = null;
      });
    }
    return key;
  };
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
