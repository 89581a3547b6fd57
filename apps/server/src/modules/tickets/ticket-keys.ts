import { randomBytes } from 'node:crypto';
import type { Db } from '@marquee/db/client';
import type { TicketsConfig } from '../../config';
import { ensureAppSecret } from '../../lib/app-secrets';
import { createTicketSigner, generateSigningKeyPem, parseSigningKey, type TicketSigner } from './ticket-signing';

const SIGNING_KEY_SECRET = 'ticket_signing_key';
const LINK_KEY_SECRET = 'ticket_link_key';

/** The tickets' two keys: the Ed25519 key that signs QR codes, and the HMAC key that signs PDF links. */
export interface TicketKeys {
  signer: () => Promise<TicketSigner>;
  linkKey: () => Promise<Buffer>;
}

/**
 * The keys, each made once per process: the configured one (TICKET_SIGNING_KEY / TICKET_LINK_KEY), or
 * the one kept in app_secrets, so every instance on one database signs with the same keys. A configured
 * signing key that is not an Ed25519 key fails here, when the app is built: at boot.
 */
export function makeTicketKeys(deps: { db: Db; settings: TicketsConfig | undefined }): TicketKeys {
  const { db, settings } = deps;
  const configuredKey = settings?.signingKey ? parseSigningKey(settings.signingKey) : null;

  let signer: Promise<TicketSigner> | null = null;
  function getSigner(): Promise<TicketSigner> {
    if (!signer) {
      signer = (async () =>
        createTicketSigner(
          configuredKey ?? parseSigningKey(await ensureAppSecret(db, SIGNING_KEY_SECRET, generateSigningKeyPem)),
        ))();
      // A failure (the database away) is not remembered: the next call tries again.
      signer.catch(() => {
        signer = null;
      });
    }
    return signer;
  }

  let linkKey: Promise<Buffer> | null = null;
  function getLinkKey(): Promise<Buffer> {
    if (!linkKey) {
      linkKey = (async () =>
        Buffer.from(
          settings?.linkKey ??
            (await ensureAppSecret(db, LINK_KEY_SECRET, () => randomBytes(32).toString('base64url'))),
        ))();
      linkKey.catch(() => {
        linkKey = null;
      });
    }
    return linkKey;
  }

  return { signer: getSigner, linkKey: getLinkKey };
}
