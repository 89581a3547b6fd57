import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Db } from '@marquee/db/client';
import { insertKeptMail } from './repository';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One message as the worker hands it to a transport. */
export interface OutgoingMail {
  /** `<…@…>`, stable per outbox row: a resend after a crash carries the same one. */
  messageId: string;
  from: string;
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  attachments: readonly MailAttachment[];
}

export interface MailTransport {
  /** smtp: the message leaves; viewer: it is kept in `mail_messages` for the local outbox viewer. */
  kind: 'smtp' | 'viewer';
  /** Resolves once the message is accepted; throws when it is not (MailRejectedError: never will be). */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The server refused this message for good (a 5xx on the recipient or the content): retrying cannot help. */
export class MailRejectedError extends Error {
  override name = 'MailRejectedError';
}

const SmtpErrorSchema = z.object({ code: z.string().optional(), responseCode: z.number().optional() });

/**
 * A permanent refusal of this message: a 5xx answer to its recipient (EENVELOPE) or to its content
 * (EMESSAGE). A 5xx to our login (EAUTH) is not: an operator fixes the credentials and the retries go through.
 */
function isPermanentRejection(error: unknown): boolean {
  const parsed = SmtpErrorSchema.safeParse(error);
  if (!parsed.success) return false;
  const { code, responseCode } = parsed.data;
  return (code === 'EENVELOPE' || code === 'EMESSAGE') && responseCode !== undefined && responseCode >= 500;
}

/** "Nimal Perera" <nimal@example.com>, quoted so that any display name is one phrase. */
export function formatAddress(to: OutgoingMail['to']): string {
  return `"${to.name.replace(/[\\"]/g, (char) => `\\${char}`).replace(/[\r\n]+/g, ' ')}" <${to.address}>`;
}

/** The host of SMTP_URL, for logs: the URL itself may carry a password. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

/**
 * Sends through an SMTP server (nodemailer): smtp://user:pass@host:587 (STARTTLS when offered) or
 * smtps://…:465. Timeouts are bounded so that one attempt always ends well within the outbox lease.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        await transporter.sendMail({
          messageId: mail.messageId,
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments.map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: attachment.content,
          })),
        });
      } catch (error) {
        if (isPermanentRejection(error)) {
          throw new MailRejectedError(error instanceof Error ? error.message : String(error), { cause: error });
        }
        throw error;
      }
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Sends nothing: keeps each message (with its attachments) in `mail_messages`, once per Message-ID, for
 * the outbox viewer at /dev/mail. What the embedded mode uses when no SMTP server is configured.
 */
export function createViewerTransport(db: Db): MailTransport {
  return {
    kind: 'viewer',
    async send(mail) {
      await insertKeptMail(db, {
        messageId: mail.messageId,
        from: mail.from,
        to: formatAddress(mail.to),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
      });
    },
    close() {},
  };
}
