import { resolve } from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every environment variable the server reads; validated at boot so a typo fails loudly. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin used in links, e-mails and Open Graph tags. */
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  /** Where the embedded database (and other local state) lives when DATABASE_URL is unset. */
  DATA_DIR: z.string().default('./data'),
  /** Seeds the demo catalogue into an empty database at start. Default: on. */
  SEED_DEMO: booleanFromEnv.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built web app; served with the API when it exists. */
  WEB_DIST_DIR: z.string().optional(),
});
export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string | null;
}

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
export const DEFAULT_WEB_DIST_DIR = resolve(REPO_ROOT, 'apps/web/dist');

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * Relative paths are taken from where the operator typed the command: npm runs workspace scripts in the
 * workspace's folder but sets INIT_CWD to the folder it was started in.
 */
function fromInvocationDir(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

export function resolveDataDir(env: Env): string {
  return fromInvocationDir(env.DATA_DIR);
}

export function appConfigFromEnv(env: Env): AppConfig {
  return {
    env: env.NODE_ENV,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR ? fromInvocationDir(env.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
  };
}
