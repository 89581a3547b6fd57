import { formatInstalments, formatMoney, type Currency } from '@marquee/domain/money';
import { escapeHtml } from '../../lib/escape-html';

/**
 * The sandbox provider's hosted pages: a bank's 3-D Secure challenge and the instalment provider's
 * plan approval. They stand in for pages a real provider serves on its own site, so they are plain
 * server-rendered HTML with a form, outside the web app.
 */

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
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #eef2f7; color: #0f172a; }
  main { width: min(26rem, calc(100vw - 2rem)); background: #fff; border-radius: 1rem; padding: 1.75rem; box-shadow: 0 10px 30px rgb(15 23 42 / 0.12); }
  .badge { display: inline-block; font-size: 0.75rem; font-weight: 700; letter-spacing: 0.05em; text-transform: uppercase; background: #fef3c7; color: #78350f; border-radius: 999px; padding: 0.2rem 0.6rem; }
  h1 { font-size: 1.35rem; margin: 0.75rem 0 0.5rem; }
  p { line-height: 1.5; margin: 0.5rem 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; margin: 1rem 0; }
  dt { color: #475569; } dd { margin: 0; font-weight: 600; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.25rem; }
  button { font: inherit; font-weight: 600; min-height: 2.75rem; padding: 0 1.25rem; border-radius: 0.5rem; cursor: pointer; border: 2px solid #3730a3; }
  .primary { background: #3730a3; color: #fff; }
  .secondary { background: #fff; color: #3730a3; }
  button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  a { color: #3730a3; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** The client secret the page was opened with, posted back with the decision (the approval checks it). */
function secretField(clientSecret: string): string {
  return `<input type="hidden" name="client_secret" value="${escapeHtml(clientSecret)}">`;
}

export function challengePage(input: {
  intentId: string;
  clientSecret: string;
  amount: number;
  currency: Currency;
  reference: string;
  isOpen: boolean;
  returnUrl: string;
}): string {
  const action = `/sandbox/3ds/${encodeURIComponent(input.intentId)}`;
  const body = input.isOpen
    ? `<span class="badge">Test mode</span>
<h1>Confirm your payment</h1>
<p>Your bank asks you to confirm this card payment (3-D Secure). In test mode you choose the outcome.</p>
<dl><dt>Merchant</dt><dd>Marquee</dd><dt>Amount</dt><dd>${escapeHtml(formatMoney(input.amount, input.currency))}</dd><dt>Booking</dt><dd>${escapeHtml(input.reference)}</dd></dl>
<form method="post" action="${action}" class="actions">
  ${secretField(input.clientSecret)}
  <button class="primary" type="submit" name="decision" value="approve">Approve payment</button>
  <button class="secondary" type="submit" name="decision" value="fail">Fail authentication</button>
</form>`
    : `<span class="badge">Test mode</span>
<h1>This payment needs no confirmation</h1>
<p><a href="${escapeHtml(input.returnUrl)}">Return to Marquee</a></p>`;
  return page('Confirm your payment · Sandbox bank', body);
}

export function instalmentsPage(input: {
  intentId: string;
  clientSecret: string;
  amount: number;
  currency: Currency;
  reference: string;
  providerName: string;
  isOpen: boolean;
  returnUrl: string;
}): string {
  const action = `/sandbox/instalments/${encodeURIComponent(input.intentId)}`;
  const name = escapeHtml(input.providerName);
  const body = input.isOpen
    ? `<span class="badge">Test mode</span>
<h1>Pay in 3 with ${name}</h1>
<p>Split ${escapeHtml(formatMoney(input.amount, input.currency))} into three payments, the first today.</p>
<dl><dt>Merchant</dt><dd>Marquee</dd><dt>Booking</dt><dd>${escapeHtml(input.reference)}</dd><dt>3 payments of</dt><dd>${escapeHtml(formatInstalments(input.amount, input.currency))}</dd></dl>
<form method="post" action="${action}" class="actions">
  ${secretField(input.clientSecret)}
  <button class="primary" type="submit" name="decision" value="approve">Approve plan</button>
  <button class="secondary" type="submit" name="decision" value="decline">Decline</button>
</form>`
    : `<span class="badge">Test mode</span>
<h1>This plan is already decided</h1>
<p><a href="${escapeHtml(input.returnUrl)}">Return to Marquee</a></p>`;
  return page(`Pay in 3 · ${input.providerName}`, body);
}
