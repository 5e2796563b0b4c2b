// Every setting of DESIGN.md, parsed once. A wrong value stops the process with a
// message naming the variable (see `loadConfig`), never a half-configured start.
import { createECDH } from 'node:crypto';
import path from 'node:path';
import { isSupportedCountry } from 'libphonenumber-js/min';
import { dateTimeFormat } from '~/lib/date-time-format';
import { z } from '~/lib/zod';
import { isCommonPassword } from './common-passwords';

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(v)));

function isTimeZone(zone: string): boolean {
  try {
    dateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const optionalUrl = (protocols: string[]) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL (${protocols.join(' or ')})` },
  );

/** The uncompressed P-256 public key of a base64url private key, or null when it is not one. */
export function vapidPublicKeyOf(privateKey: string): string | null {
  const bytes = Buffer.from(privateKey, 'base64url');
  if (bytes.length !== 32 || bytes.toString('base64url') !== privateKey) return null;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(bytes);
    return ecdh.getPublicKey().toString('base64url');
  } catch {
    return null;
  }
}

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATA_DIR: optionalString.transform((v) => path.resolve(v ?? './data')),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    PUBLIC_URL: optionalUrl(['http:', 'https:']),
    ADMIN_EMAIL: optionalString.pipe(z.email({ message: 'must be an email address' }).optional()),
    ADMIN_PASSWORD: optionalString.pipe(
      z
        .string()
        .min(8, 'must be at least 8 characters')
        .max(128, 'must be at most 128 characters')
        .refine((password) => !isCommonPassword(password), 'is a common password (found in a list of leaked passwords): choose another')
        .optional(),
    ),
    SEED_DEMO: flag(true),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: optionalString,
    S3_ENDPOINT: optionalUrl(['http:', 'https:']),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_REGION: optionalString,
    TRUST_PROXY: flag(false),
    // Off: a guest gains nothing from an account; admins invite people instead (decision 0020).
    ALLOW_SIGNUP: flag(false),
    BETTER_AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SUBMISSION_LIMIT: z.coerce.number().int().min(1).max(10000).default(5),
    SUBMISSION_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
    GUESTHOUSE_TIME_ZONE: optionalString
      .refine((v) => v === undefined || isTimeZone(v), { message: 'must be an IANA time zone such as Europe/Paris' })
      .transform((v) => v ?? 'Europe/Paris'),
    BOOKING_MAX_NIGHTS: z.coerce.number().int().min(1).max(365).default(30),
    BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(1100).default(540),
    ICAL_REFRESH_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    ICAL_ALLOW_PRIVATE_ADDRESSES: flag(false),
    ICAL_STALE_HOURS: z.coerce.number().int().min(1).max(720).default(6),
    BACKUP_DIR: optionalString.transform((v) => (v === undefined ? undefined : path.resolve(v))),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
    // Slow clients (slowloris): how long a request's headers, a whole request, and an idle
    // keep-alive connection may take before the server closes the socket.
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(10_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(3_600_000).default(120_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(5_000),
    // On SIGTERM, how long the instance keeps serving while /readyz says "draining", before it
    // stops accepting connections (server/drain.ts): long enough for a load balancer to notice.
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    // The anonymous page cache (on by default) and its bound in megabytes.
    PAGE_CACHE: flag(true),
    PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(32),
    // Server processes sharing the port (node:cluster); 1 runs everything in one process.
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    // Online deposit by card (issue 36): both keys or neither; without them deposits are recorded by hand.
    STRIPE_SECRET_KEY: optionalString.refine((v) => v === undefined || /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/.test(v), {
      message: 'must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)',
    }),
    STRIPE_WEBHOOK_SECRET: optionalString.refine((v) => v === undefined || /^whsec_[A-Za-z0-9+/=]{8,}$/.test(v), {
      message: "must be the webhook endpoint's signing secret (whsec_…)",
    }),
    // Where the Stripe SDK sends its requests; only tests point it elsewhere (a local stand-in).
    STRIPE_API_URL: optionalUrl(['http:', 'https:']),
    // Web Push (issue 48): both keys or neither (unset: a pair generated once and kept in the database).
    VAPID_PUBLIC_KEY: optionalString.refine((v) => v === undefined || /^B[A-Za-z0-9_-]{86}$/.test(v), {
      message: 'must be a VAPID public key: 87 base64url characters (an uncompressed P-256 point), as `npx web-push generate-vapid-keys` prints',
    }),
    VAPID_PRIVATE_KEY: optionalString.refine((v) => v === undefined || vapidPublicKeyOf(v) !== null, {
      message: 'must be a VAPID private key: 43 base64url characters (32 bytes), as `npx web-push generate-vapid-keys` prints',
    }),
    VAPID_SUBJECT: optionalString.refine((v) => v === undefined || /^mailto:[^@\s]+@[^@\s]+$/.test(v) || /^https:\/\/[^\s]+$/.test(v), {
      message: 'must be a mailto: address or an https: URL at which the push services can reach you',
    }),
    // Let push endpoints reach loopback and private addresses: tests only (a local stand-in push service).
    PUSH_ALLOW_PRIVATE_ADDRESSES: flag(false),
    PHONE_DEFAULT_COUNTRY: optionalString
      .transform((v) => (v ?? 'FR').toUpperCase())
      .refine((v) => isSupportedCountry(v), { message: 'must be a two-letter country code such as FR' }),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    if (env.HTTP_REQUEST_TIMEOUT_MS < env.HTTP_HEADERS_TIMEOUT_MS) {
      ctx.addIssue({ code: 'custom', path: ['HTTP_REQUEST_TIMEOUT_MS'], message: 'must be at least HTTP_HEADERS_TIMEOUT_MS' });
    }
    if ((env.STRIPE_SECRET_KEY === undefined) !== (env.STRIPE_WEBHOOK_SECRET === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
      });
    }
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
      });
    } else if (env.VAPID_PRIVATE_KEY && env.VAPID_PUBLIC_KEY && vapidPublicKeyOf(env.VAPID_PRIVATE_KEY) !== env.VAPID_PUBLIC_KEY) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'is not the public key of VAPID_PRIVATE_KEY' });
    }
    const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when any S3_* setting is set' });
      }
    }
  });

export type Config = Omit<z.infer<typeof EnvSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

export class ConfigError extends Error {}

/** Parses an environment; throws ConfigError whose message names each bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${String(i.path[0] ?? '?')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = result.data;
  return { ...value, PUBLIC_URL: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, '') };
}

let current: Config | undefined;

/** The process's configuration, parsed from process.env on first use. */
export function config(): Config {
  current ??= parseConfig(process.env);
  return current;
}
