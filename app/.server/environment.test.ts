import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, parseConfig } from './environment';

const PAIR = webpush.generateVAPIDKeys();
const OTHER = webpush.generateVAPIDKeys();

describe('parseConfig', () => {
  it('applies the documented defaults', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toMatch(/\/data$/);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.SEED_DEMO).toBe(true);
    expect(config.ALLOW_SIGNUP).toBe(false);
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.BACKUP_DIR).toBeUndefined();
    expect(config.BACKUP_KEEP).toBe(7);
    expect(config.PAGE_CACHE).toBe(true);
    expect(config.PAGE_CACHE_MAX_MB).toBe(32);
    expect(config.WEB_CONCURRENCY).toBe(1);
  });

  it('resolves BACKUP_DIR to an absolute path', () => {
    expect(parseConfig({ BACKUP_DIR: 'backups', BACKUP_KEEP: '3' })).toMatchObject({
      BACKUP_DIR: expect.stringMatching(/^\/.*\/backups$/),
      BACKUP_KEEP: 3,
    });
  });

  it.each([
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'ftp://example.com' }, 'PUBLIC_URL'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long-enough' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'owner@example.com' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'qwertyuiop' }, 'ADMIN_PASSWORD'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    [{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP'],
    [{ BACKUP_KEEP: 'many' }, 'BACKUP_KEEP'],
    [{ PAGE_CACHE: 'sometimes' }, 'PAGE_CACHE'],
    [{ PAGE_CACHE_MAX_MB: '0' }, 'PAGE_CACHE_MAX_MB'],
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abcdefgh1234' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh1234' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: 'pk_test_abcdefgh1234', STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh1234' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abcdefgh1234', STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_API_URL: 'ftp://stripe' }, 'STRIPE_API_URL'],
    [{ VAPID_PUBLIC_KEY: PAIR.publicKey }, 'VAPID_PRIVATE_KEY'],
    [{ VAPID_PRIVATE_KEY: PAIR.privateKey }, 'VAPID_PUBLIC_KEY'],
    [{ VAPID_PUBLIC_KEY: 'not-a-key', VAPID_PRIVATE_KEY: PAIR.privateKey }, 'VAPID_PUBLIC_KEY'],
    [{ VAPID_PUBLIC_KEY: PAIR.publicKey, VAPID_PRIVATE_KEY: 'c2hvcnQ' }, 'VAPID_PRIVATE_KEY'],
    // Two valid keys that are not one pair: every push would be refused.
    [{ VAPID_PUBLIC_KEY: OTHER.publicKey, VAPID_PRIVATE_KEY: PAIR.privateKey }, 'VAPID_PUBLIC_KEY'],
    [{ VAPID_SUBJECT: 'owner@example.com' }, 'VAPID_SUBJECT'],
    [{ VAPID_SUBJECT: 'http://example.com' }, 'VAPID_SUBJECT'],
    [{ PUSH_ALLOW_PRIVATE_ADDRESSES: 'perhaps' }, 'PUSH_ALLOW_PRIVATE_ADDRESSES'],
  ])('stops on %j with a message naming %s', (env, variable) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(new RegExp(`\\b${variable}\\b`));
  });

  it('takes a VAPID pair and subject from the environment (else the pair is made once and kept in the database)', () => {
    const defaults = parseConfig({});
    expect([defaults.VAPID_PUBLIC_KEY, defaults.VAPID_PRIVATE_KEY, defaults.VAPID_SUBJECT, defaults.PUSH_ALLOW_PRIVATE_ADDRESSES]).toEqual([
      undefined,
      undefined,
      undefined,
      false,
    ]);
    expect(parseConfig({ VAPID_PUBLIC_KEY: PAIR.publicKey, VAPID_PRIVATE_KEY: PAIR.privateKey, VAPID_SUBJECT: 'mailto:owner@example.com' })).toMatchObject({
      VAPID_PUBLIC_KEY: PAIR.publicKey,
      VAPID_PRIVATE_KEY: PAIR.privateKey,
      VAPID_SUBJECT: 'mailto:owner@example.com',
    });
    expect(parseConfig({ VAPID_SUBJECT: 'https://maison.example/contact' }).VAPID_SUBJECT).toBe('https://maison.example/contact');
  });

  it('reads flags and strips a trailing slash from PUBLIC_URL', () => {
    const config = parseConfig({ SEED_DEMO: 'false', ALLOW_SIGNUP: '0', TRUST_PROXY: 'yes', PUBLIC_URL: 'https://example.com/' });
    expect(config).toMatchObject({ SEED_DEMO: false, ALLOW_SIGNUP: false, TRUST_PROXY: true, PUBLIC_URL: 'https://example.com' });
  });
});
