import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A MIME entity: its headers (names lower-cased, values unfolded and decoded), its body, its parts. */
export interface MimePart {
  headers: Map<string, string>;
  /** e.g. `text/plain`, lower-cased, without parameters. */
  type: string;
  params: Record<string, string>;
  /** The decoded body (base64 and quoted-printable undone); empty for a multipart. */
  body: Buffer;
  parts: MimePart[];
}

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  /** The user that logged in, or null. */
  user: string | null;
  raw: Buffer;
  message: MimePart;
}

export interface SmtpSink {
  port: number;
  /** smtp://user:password@127.0.0.1:port */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words (RFC 2047); adjacent words are joined before decoding. */
export function decodeHeaderValue(value: string): string {
  const word = /=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g;
  const joined = value.replace(/\?=\s+=\?/g, '?==?');
  let result = '';
  let pending: Buffer[] = [];
  let last = 0;
  const flush = () => {
    if (pending.length > 0) result += Buffer.concat(pending).toString('utf8');
    pending = [];
  };
  for (const match of joined.matchAll(word)) {
    if (match.index > last) {
      flush();
      result += joined.slice(last, match.index);
    }
    const [, , encoding = 'q', text = ''] = match;
    pending.push(
      encoding.toLowerCase() === 'b' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
    last = match.index + match[0].length;
  }
  flush();
  return result + joined.slice(last);
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const input = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < input.length; i += 1) {
    const char = input[i] ?? '';
    const hex = input.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(char.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function parseParams(value: string): { value: string; params: Record<string, string> } {
  const [first = '', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const part of rest) {
    const match = /^\s*([^=\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|(\S*))\s*$/.exec(part);
    if (match?.[1]) params[match[1].toLowerCase()] = decodeHeaderValue(match[2] ?? match[3] ?? '');
  }
  return { value: first.trim().toLowerCase(), params };
}

/** A small MIME reader for what nodemailer writes: enough to check an e-mail's parts in a test. */
export function parseMime(raw: Buffer | string): MimePart {
  const source = typeof raw === 'string' ? raw : raw.toString('latin1');
  const split = source.indexOf('\r\n\r\n');
  const head = split === -1 ? source : source.slice(0, split);
  const rawBody = split === -1 ? '' : source.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers.set(
        line.slice(0, colon).trim().toLowerCase(),
        decodeHeaderValue(Buffer.from(line.slice(colon + 1).trim(), 'latin1').toString('utf8')),
      );
    }
  }
  const { value: type, params } = parseParams(headers.get('content-type') ?? 'text/plain');
  if (type.startsWith('multipart/') && params.boundary) {
    const delimiter = `--${params.boundary}`;
    const sections = rawBody.split(delimiter).slice(1);
    const parts = sections
      .filter((section) => !section.startsWith('--'))
      .map((section) => parseMime(section.replace(/^\r\n/, '').replace(/\r\n$/, '')));
    return { headers, type, params, body: Buffer.alloc(0), parts };
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(rawBody.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(rawBody)
        : Buffer.from(rawBody, 'latin1');
  return { headers, type, params, body, parts: [] };
}

/** Every leaf part, depth first. */
export function leafParts(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leafParts);
}

/** The first leaf of this type that is not an attachment, decoded as text with LF line ends. */
export function partText(message: MimePart, type: string): string | null {
  const part = leafParts(message).find(
    (leaf) => leaf.type === type && !(leaf.headers.get('content-disposition') ?? '').startsWith('attachment'),
  );
  // SMTP carries lines ending in CRLF; the text as written had LF.
  return part ? part.body.toString('utf8').replace(/\r\n/g, '\n') : null;
}

/** The attachments: file name, type and bytes. */
export function attachmentsOf(message: MimePart): { filename: string; type: string; content: Buffer }[] {
  return leafParts(message)
    .filter((leaf) => (leaf.headers.get('content-disposition') ?? '').startsWith('attachment'))
    .map((leaf) => ({
      filename: parseParams(leaf.headers.get('content-disposition') ?? '').params.filename ?? leaf.params.name ?? '',
      type: leaf.type,
      content: leaf.body,
    }));
}

/**
 * A local SMTP server that keeps what it receives (smtp-server): plain SMTP on 127.0.0.1, login
 * optional (checked when given), no STARTTLS. `port` reuses an address, e.g. to bring a server back.
 */
export async function startSmtpSink(
  options: { port?: number; user?: string; password?: string; rejectRecipient?: (address: string) => boolean } = {},
): Promise<SmtpSink> {
  const user = options.user ?? 'marquee';
  const password = options.password ?? 'secret';
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipient?.(address.address)) {
        callback(Object.assign(new Error('5.1.1 Mailbox does not exist'), { responseCode: 550 }));
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        received.push({
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((address) => address.address),
          },
          user: typeof session.user === 'string' ? session.user : null,
          raw,
          message: parseMime(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = address !== null && typeof address === 'object' ? (address satisfies AddressInfo).port : 0;
  return {
    port,
    url: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
