import { appConfigFromEnv, parseEnv, resolveDataDir } from '../config';
import { totpCode } from '../lib/totp';
import { readDemoAccountsFile } from './demo-accounts-file';

/** `npm run demo:code`: the demo accounts' two-factor code now, from the file `npm start` wrote. */
const env = parseEnv(process.env);
appConfigFromEnv(env);
const summary = await readDemoAccountsFile(resolveDataDir(env));
if (!summary) {
  console.error('No demo accounts yet: start Marquee first with `npm start`.');
  process.exit(1);
}
const secondsLeft = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`${totpCode(summary.totpSecret)}  (the code changes in ${secondsLeft} s; password: ${summary.password})`);
