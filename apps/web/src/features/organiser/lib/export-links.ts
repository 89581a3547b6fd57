/** The exports a console member may download (issue 22; docs/decisions/042). */
export type ExportKind = 'attendees' | 'orders';
export type ExportFormat = 'csv' | 'xlsx';

/**
 * GET /api/organiser/{org}/events/{eventUid}/exports/{kind}.{format}: the file itself, streamed by the server
 * (`Content-Disposition: attachment`), so a plain link downloads it without the page holding it in memory.
 */
export function exportPath(org: string, eventUid: string, kind: ExportKind, format: ExportFormat): string {
  return `/api/organiser/${encodeURIComponent(org)}/events/${encodeURIComponent(eventUid)}/exports/${kind}.${format}`;
}

export const EXPORT_CHOICES: readonly { kind: ExportKind; format: ExportFormat; label: string }[] = [
  { kind: 'attendees', format: 'csv', label: 'Attendees (CSV)' },
  { kind: 'attendees', format: 'xlsx', label: 'Attendees (Excel)' },
  { kind: 'orders', format: 'csv', label: 'Orders (CSV)' },
  { kind: 'orders', format: 'xlsx', label: 'Orders (Excel)' },
];
