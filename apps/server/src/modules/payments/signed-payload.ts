import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './gateway';

/** How old a signed payload may be (the sandbox's webhooks, the instalment provider's callbacks). */
const TOLERANCE_SECONDS = 300;

/**
 * Signs a payload as `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}"}`: the scheme of the sandbox's
 * webhooks and of the instalment provider's callbacks (docs/payments-instalments-protocol.md), Stripe's shape.
 */
export function signPayload(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/**
 * Checks a signed payload's header against its raw body: signed within 5 minutes, with `secret`, every `v1`
 * compared in constant time (a provider rotating its secret signs with both). Throws WebhookSignatureError
 * (answered 400) when the header is missing, repeated, malformed, stale or wrong; answers the parsed JSON.
 */
export function verifySignedPayload(rawBody: Buffer, header: string | string[] | undefined, secret: string): unknown {
  const parsed = typeof header === 'string' ? parseSignatureHeader(header) : null;
  if (!parsed) throw new WebhookSignatureError('The webhook signature is missing or malformed.');
  if (Math.abs(Date.now() / 1000 - parsed.timestamp) > TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('The webhook signature has expired.');
  }
  const expected = createHmac('sha256', secret).update(`${parsed.timestamp}.`).update(rawBody).digest();
  const isValid = parsed.signatures
    .map((candidate) => timingSafeEqual(Buffer.from(candidate, 'hex'), expected))
    .includes(true);
  if (!isValid) throw new WebhookSignatureError('The webhook signature does not match.');
  try {
    return JSON.parse(rawBody.toString('utf8')) as unknown;
  } catch {
    throw new WebhookSignatureError('The webhook body is not JSON.');
  }
}
