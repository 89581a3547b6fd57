import { randomBytes } from 'node:crypto';
import type { Db } from '@marquee/db/client';
import { DEMO_ORGANISATIONS } from '@marquee/db/seed';
import type { OrganisationRole } from '@marquee/domain/permissions';
import { ensureAppSecret } from '../lib/app-secrets';
import type { Accounts } from '../modules/accounts/auth';
import { ensureDemoAccount } from '../modules/accounts/demo-accounts';
import { ensureDemoMembership, ensurePlatformOperator } from '../modules/organisations/repository';

/**
 * The demo's organiser accounts (issue 21): an owner per demo organisation, a manager, a box-office and a
 * door member of the first, and a platform operator. One password and one TOTP secret for all of them,
 * from DEMO_PASSWORD and DEMO_TOTP_SECRET or made at random once per database and kept there: a fixed
 * password in the code would be a back door on any server started with the demo on (decisions/032).
 */
export interface DemoAccountsSummary {
  password: string;
  totpSecret: string;
  accounts: { email: string; role: OrganisationRole | 'operator'; organisation: string | null; twoFactor: boolean }[];
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 160 random bits in base32, as authenticator apps take a secret. */
function randomBase32Secret(): string {
  return Array.from(randomBytes(32), (byte) => BASE32[byte % 32]).join('');
}

function randomPassword(): string {
  return `demo-${randomBytes(9).toString('base64url')}`;
}

const STAFF: readonly { local: string; name: string; role: OrganisationRole }[] = [
  { local: 'manager', name: 'Demo Manager', role: 'manager' },
  { local: 'box-office', name: 'Demo Box Office', role: 'box_office' },
  { local: 'door', name: 'Demo Door', role: 'door' },
];

export async function seedDemoAccounts(
  deps: { db: Db; accounts: Accounts },
  given: { password?: string | undefined; totpSecret?: string | undefined },
): Promise<DemoAccountsSummary> {
  const { db } = deps;
  const password = await ensureAppSecret(db, 'demo_password', () => given.password ?? randomPassword());
  const totpSecret = await ensureAppSecret(db, 'demo_totp_secret', () => given.totpSecret ?? randomBase32Secret());
  const summary: DemoAccountsSummary = { password, totpSecret, accounts: [] };

  const add = async (
    email: string,
    name: string,
    role: OrganisationRole | 'operator',
    organisation: { slug: string; name: string } | null,
  ) => {
    const twoFactor = role !== 'door' && role !== 'box_office';
    const userId = await ensureDemoAccount(deps, { email, name, password, totpSecret: twoFactor ? totpSecret : null });
    if (role === 'operator') await ensurePlatformOperator(db, userId);
    else if (organisation && !(await ensureDemoMembership(db, organisation.slug, userId, role))) return;
    summary.accounts.push({ email, role, organisation: organisation?.name ?? null, twoFactor });
  };

  for (const organisation of DEMO_ORGANISATIONS) {
    await add(`owner@${organisation.slug}.example`, `${organisation.name} Owner`, 'owner', organisation);
  }
  const first = DEMO_ORGANISATIONS[0];
  if (first) {
    for (const staff of STAFF) await add(`${staff.local}@${first.slug}.example`, staff.name, staff.role, first);
  }
  await add('operator@marquee.example', 'Marquee Operator', 'operator', null);
  return summary;
}
