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
  /** Stripe for card payments: all three, or none (the sandbox card gateway). */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
}).superRefine((env, ctx) => {
  const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
  if (stripe.some(Boolean) && !stripe.every(Boolean)) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message: 'Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together, or none of them.',
    });
  }
});
export type Env = z.infer<typeof EnvSchema>;

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local stub. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export interface AppConfig {
  env: Env['NODE_ENV'];
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string | null;
  /** Card payments through Stripe; null: the sandbox card gateway. */
  stripe?: StripeConfig | null;
  /** Where the sandbox provider posts its webhooks (this server's own address); null: in-process. */
  webhookTargetUrl?: string | null;
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
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          }
        : null,
    // The process posts to itself on loopback, whatever interface it listens on.
    webhookTargetUrl: `http://127.0.0.1:${env.PORT}/api/payments/webhooks/sandbox`,
  };
}
