import { escapeHtml } from './templates/mail-parts';

/**
 * The outbox viewer's pages (/dev/mail): plain server-rendered HTML with no script, so the site's CSP
 * (scripts from 'self' only, inline styles allowed) is all they need. A message's HTML is shown in a
 * sandboxed iframe (`srcdoc`): no script runs, it gets an opaque origin, it cannot touch this page.
 */

export interface KeptMailSummary {
  id: number;
  to: string;
  subject: string;
  createdAt: Date;
  attachments: number;
}

export interface KeptMailDetail {
  id: number;
  messageId: string;
  fromAddress: string;
  toAddress: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
  attachments: readonly { id: number; filename: string; contentType: string; size: number }[];
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #eef2f7; color: #0f172a; }
  main { max-width: 64rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  .badge { display: inline-block; font-size: 0.75rem; font-weight: 700; letter-spacing: 0.05em; text-transform: uppercase; background: #fef3c7; color: #78350f; border-radius: 999px; padding: 0.2rem 0.6rem; }
  h1 { font-size: 1.5rem; margin: 0.75rem 0; overflow-wrap: anywhere; }
  h2 { font-size: 1.1rem; margin: 1.75rem 0 0.5rem; }
  p { line-height: 1.5; }
  a { color: #3730a3; }
  a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .panel { background: #fff; border-radius: 0.75rem; padding: 1rem 1.25rem; box-shadow: 0 4px 16px rgb(15 23 42 / 0.08); }
  table { width: 100%; border-collapse: collapse; background: #fff; border-radius: 0.75rem; overflow: hidden; }
  th, td { text-align: left; padding: 0.6rem 0.75rem; border-bottom: 1px solid #e2e8f0; vertical-align: top; }
  th { background: #f8fafc; font-size: 0.875rem; color: #334155; }
  td { overflow-wrap: anywhere; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.35rem 1rem; margin: 0; }
  dt { color: #475569; } dd { margin: 0; overflow-wrap: anywhere; }
  iframe { width: 100%; height: 75vh; border: 1px solid #cbd5e1; border-radius: 0.75rem; background: #fff; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid #cbd5e1; border-radius: 0.75rem; padding: 1rem; font-size: 0.9rem; line-height: 1.45; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

function formatInstant(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}

const NOTE =
  'No SMTP server is configured (<code>SMTP_URL</code>), so no e-mail leaves this server: every message Marquee would have sent is kept here instead.';

export function mailListPage(messages: readonly KeptMailSummary[]): string {
  const rows = messages
    .map(
      (message) => `<tr>
<td><time datetime="${message.createdAt.toISOString()}">${formatInstant(message.createdAt)}</time></td>
<td>${escapeHtml(message.to)}</td>
<td><a href="/dev/mail/${message.id}">${escapeHtml(message.subject)}</a></td>
<td>${message.attachments}</td>
</tr>`,
    )
    .join('\n');
  const list =
    messages.length === 0
      ? '<p class="panel">No e-mails yet. A confirmation appears here a few seconds after a booking is paid.</p>'
      : `<table>
<caption style="text-align:left;padding:0 0 0.5rem;color:#475569;">Newest first (up to 200)</caption>
<thead><tr><th scope="col">Kept at</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Attachments</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return page(
    'Outbox · Marquee',
    `<span class="badge">Local outbox</span>
<h1>E-mails</h1>
<p>${NOTE}</p>
${list}`,
  );
}

/** Links in the message open in a new tab: inside the frame, the site's own pages refuse to be framed. */
function withLinksInNewTabs(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : `${base}${html}`;
}

export function mailMessagePage(message: KeptMailDetail): string {
  const attachments =
    message.attachments.length === 0
      ? '<p>None.</p>'
      : `<ul>${message.attachments
          .map(
            (attachment) =>
              `<li><a href="/dev/mail/${message.id}/attachments/${attachment.id}" download="${escapeHtml(attachment.filename)}">${escapeHtml(attachment.filename)}</a> (${escapeHtml(attachment.contentType)}, ${formatSize(attachment.size)})</li>`,
          )
          .join('')}</ul>`;
  return page(
    `${message.subject} · Outbox · Marquee`,
    `<p><a href="/dev/mail">← All e-mails</a></p>
<span class="badge">Local outbox</span>
<h1>${escapeHtml(message.subject)}</h1>
<div class="panel"><dl>
<dt>From</dt><dd>${escapeHtml(message.fromAddress)}</dd>
<dt>To</dt><dd>${escapeHtml(message.toAddress)}</dd>
<dt>Kept at</dt><dd><time datetime="${message.createdAt.toISOString()}">${formatInstant(message.createdAt)}</time></dd>
<dt>Message-ID</dt><dd>${escapeHtml(message.messageId)}</dd>
</dl></div>
<h2>Attachments</h2>
${attachments}
<h2>HTML</h2>
<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" title="The e-mail as HTML" srcdoc="${escapeHtml(withLinksInNewTabs(message.html))}"></iframe>
<h2>Plain text</h2>
<pre>${escapeHtml(message.text)}</pre>`,
  );
}
