import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('has working defaults for the embedded mode', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.seedDemo).toBe(true);
    expect(c.trustProxy).toBe(false);
    // The built member site, wherever this file sits in the server's source.
    expect(c.webDist.split(path.sep).join('/')).toMatch(/\/apps\/web\/dist$/);
    expect(existsSync(path.join(c.webDist, '..', 'package.json'))).toBe(true);
  });
  it('stops on a bad value and names the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SIGN_KEY: 'short' })).toThrow(/SIGN_KEY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(ConfigError);
  });
  it('requires shared secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SIGN_KEY: required in production/,
    );
  });
  it('parses TRUST_PROXY forms', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });
  it('turns demo data off with a database URL or in production unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'on' }).seedDemo).toBe(true);
  });
  it('venues: merchant secrets from the environment, the embedded file only outside production', () => {
    const s = 'x'.repeat(40);
    expect(loadConfig({ VENUE_MERCHANT_SECRETS: `NEBULA=${s}` }).venues.secrets.get('NEBULA')).toBe(
      s,
    );
    expect(() => loadConfig({ VENUE_MERCHANT_SECRETS: 'NEBULA=short' })).toThrow(
      /VENUE_MERCHANT_SECRETS/,
    );
    expect(loadConfig({}).venues.secretsFile).toMatch(/venue\/merchant-secrets\.json$/);
    const prod = {
      NODE_ENV: 'production',
      SIGN_KEY: s,
      SESSION_SECRET: s,
      JWT_SECRET: s,
      PAYMENT_CALLBACK_SECRET: s,
      AUDIT_CHECKPOINT_KEY: s,
      WEBAUTHN_RP_ID: 'admin.example.com',
      WEBAUTHN_ORIGINS: 'https://admin.example.com',
    };
    expect(loadConfig(prod).venues.secretsFile).toBeNull();
  });
  it('refuses the test-only crash points in production', () => {
    const s = 'x'.repeat(40);
    const prod = {
      NODE_ENV: 'production',
      SIGN_KEY: s,
      SESSION_SECRET: s,
      JWT_SECRET: s,
      PAYMENT_CALLBACK_SECRET: s,
      AUDIT_CHECKPOINT_KEY: s,
      WEBAUTHN_RP_ID: 'admin.example.com',
      WEBAUTHN_ORIGINS: 'https://admin.example.com',
    };
    expect(
      loadConfig({ TEST_CRASH_AT: 'transfer.inflight' }).crashAt.has('transfer.inflight'),
    ).toBe(true);
    expect(() => loadConfig({ ...prod, TEST_CRASH_AT: 'transfer.inflight' })).toThrow(
      /TEST_CRASH_AT/,
    );
    expect(loadConfig({ TEST_CLOCK_OFFSET_MS: '86400000' }).clockOffsetMs).toBe(86_400_000);
    expect(loadConfig({}).clockOffsetMs).toBe(0);
    expect(() => loadConfig({ ...prod, TEST_CLOCK_OFFSET_MS: '1' })).toThrow(
      /TEST_CLOCK_OFFSET_MS/,
    );
  });
});
