/** How exports run (docs/decisions/042); the server's configuration may set any of these (`AppConfig.exports`). */
export interface ExportsOptions {
  /** Rows read per page (one short scoped transaction each). */
  pageRows?: number;
  /** Exports one organisation may run at once in this process; one more is refused with 429. */
  perOrganisation?: number;
  /** An export whose client takes nothing for this long is ended (it would hold its slot forever). */
  idleMs?: number;
  /**
   * Awaited before each page after the first is read (0-based page number). Tests hold an export there to see
   * that its first bytes have left while the rest is still unread.
   */
  beforePage?: (page: number) => Promise<void>;
}

export const EXPORT_DEFAULTS = { pageRows: 1_000, perOrganisation: 2, idleMs: 60_000 } as const;
