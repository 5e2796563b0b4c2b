import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './environment';

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
  ])('stops on %j with a message naming %s', (env, variable) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(new RegExp(`\\b${variable}\\b`));
  });

  it('reads flags and strips a trailing slash from PUBLIC_URL', () => {
    const config = parseConfig({ SEED_DEMO: 'false', ALLOW_SIGNUP: '0', TRUST_PROXY: 'yes', PUBLIC_URL: 'https://example.com/' });
    expect(config).toMatchObject({ SEED_DEMO: false, ALLOW_SIGNUP: false, TRUST_PROXY: true, PUBLIC_URL: 'https://example.com' });
  });
});
