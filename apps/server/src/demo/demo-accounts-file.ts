import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DemoAccountsSummary } from './demo-accounts';

/**
 * The demo accounts as `npm start` prints them, and the file `npm run demo:code` reads to print the current
 * two-factor code (the embedded database is the server's alone while it runs). The file is in the data
 * folder, beside the database that holds the same password.
 */
const FILE = 'demo-accounts.json';

export async function writeDemoAccountsFile(dataDir: string, summary: DemoAccountsSummary): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await writeFile(join(dataDir, FILE), `${JSON.stringify(summary, null, 2)}\n`, { mode: 0o600 });
}

export async function readDemoAccountsFile(dataDir: string): Promise<DemoAccountsSummary | null> {
  try {
    return JSON.parse(await readFile(join(dataDir, FILE), 'utf8')) as DemoAccountsSummary;
  } catch {
    return null;
  }
}

const ROLE_WORDS: Record<DemoAccountsSummary['accounts'][number]['role'], string> = {
  owner: 'owner',
  manager: 'manager',
  box_office: 'box office',
  door: 'door',
  operator: 'operator',
};

export function describeDemoAccounts(summary: DemoAccountsSummary, publicUrl: string): string {
  const width = Math.max(...summary.accounts.map((account) => account.email.length));
  const lines = summary.accounts.map(
    (account) =>
      `    ${account.email.padEnd(width)}  ${ROLE_WORDS[account.role].padEnd(10)}  ${account.organisation ?? 'Marquee staff (every organisation)'}${account.twoFactor ? '' : '  (no code needed)'}`,
  );
  return [
    '',
    `Organiser console: ${new URL('/organiser', publicUrl).toString()}`,
    `  Password of every demo account: ${summary.password}`,
    `  Two-factor code: add the secret ${summary.totpSecret} to an authenticator app, or run: npm run demo:code`,
    ...lines,
    '',
  ].join('\n');
}
