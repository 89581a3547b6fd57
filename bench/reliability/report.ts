import type { ReliabilityReport } from './scenario';

/** The run's figures as text: requests, faults, checks and violations. */
export function printReport(report: ReliabilityReport, print: (line: string) => void): void {
  const n = (value: number) => value.toLocaleString('en-US');
  const s = report.stats;
  print('');
  print(
    `Duration: ${report.seconds.total.toFixed(1)} s (sale ${report.seconds.sale.toFixed(1)} s, drain ${report.seconds.drain.toFixed(1)} s). ` +
      `Sold ${n(report.tickets.sold)} of ${n(report.tickets.capacity)} tickets${report.isSoldOut ? ' (sold out)' : ''}.`,
  );
  print(
    `Requests: ${n(s.requests)} (2xx/3xx ${n(s.ok)}, 409 ${n(s.conflicts)}, other 4xx ${n(s.otherClientErrors)}, ` +
      `5xx ${n(s.serverErrors)}, no answer ${n(s.connectionErrors)}; ${n(s.retries)} retried).`,
  );
  print(
    `Buyers: ${n(s.ordersCreated)} orders; ${n(s.paid)} paid (${n(s.paidWithoutReturn)} without coming back: the webhook ` +
      `completes them), ${n(s.declinedThenPaid)} paid after a declined card, ${n(s.cancelled)} cancelled, ` +
      `${n(s.abandoned)} abandoned, ${n(s.latePayments)} paid after their hold ran out; ${n(report.agedOrders)} holds aged past 10 minutes.`,
  );
  for (const sample of s.samples.slice(0, 5)) print(`  unexpected answer: ${sample}`);
  print(`Faults injected: ${report.faults.length}`);
  for (const fault of report.faults)
    print(`  at ${fault.atSeconds.toFixed(1)} s (${(fault.soldShare * 100).toFixed(0)}% sold): ${fault.detail}`);
  const f = report.figures;
  print(
    `Webhooks: ${n(f.webhookDeliveries ?? 0)} deliveries, ${n(f.webhooksRetried ?? 0)} retried, ${n(f.webhooksUndelivered ?? 0)} undelivered; ` +
      `the endpoint refused ${n(report.webhookProxy.refused)} during its outage and forwarded ${n(report.webhookProxy.forwarded)}.`,
  );
  print(
    `E-mail: ${n(f.confirmationsReceived ?? 0)} confirmations received for ${n(f.paidOrders ?? 0)} paid orders; ` +
      `${n(f.emailsRetried ?? 0)} e-mails needed more than one attempt (${n(f.emailAttempts ?? 0)} attempts in all); ` +
      `duplicate deliveries (same Message-ID, at least once by design): ${n(f.duplicateDeliveries ?? 0)}.`,
  );
  print(
    `Orders: ${n(f.paidOrders ?? 0)} paid with ${n(f.tickets ?? 0)} tickets, ${n(f.cancelledOrExpiredOrders ?? 0)} cancelled or expired, ` +
      `${n(f.failedRefundedOrders ?? 0)} failed and refunded (paid after the tickets were gone).`,
  );
  print(`Checks run: ${report.checks.length}`);
  for (const check of report.checks)
    print(`  ${check.violations === 0 ? 'ok  ' : 'FAIL'} ${check.name}: ${check.violations} (${check.detail})`);
  for (const note of report.notes) print(`Note: ${note}`);
  print(`Violations: ${report.violations}`);
  if (report.selfTest) {
    print('Self-test: the data broken on purpose, one fault per check; each must now count violations:');
    for (const check of report.selfTest)
      print(`  ${check.violations > 0 ? 'fires ' : 'SILENT'} ${check.name}: ${check.violations}`);
  }
}
