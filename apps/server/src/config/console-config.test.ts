import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const production = {
  NODE_ENV: 'production',
  ...Object.fromEntries(
    ['SIGN_KEY', 'SESSION_SECRET', 'JWT_SECRET', 'PAYMENT_CALLBACK_SECRET'].map((n) => [
      n,
      'k'.repeat(40),
    ]),
  ),
  AUDIT_CHECKPOINT_KEY: 'a'.repeat(40),
  WEBAUTHN_RP_ID: 'admin.example.com',
  WEBAUTHN_ORIGINS: 'https://admin.example.com',
};
const without = (name: string) =>
  Object.fromEntries(Object.entries(production).filter(([k]) => k !== name));

describe('the console settings in the config', () => {
  it('embedded defaults live in the data directory', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/nebula-x' });
    expect(c.audit).toEqual({
      checkpointFile: path.resolve('/tmp/nebula-x/audit/checkpoints.jsonl'),
      checkpointKey: null,
    });
    expect(c.houseVenue).toEqual({
      apiUrl: 'http://127.0.0.1:8090',
      token: null,
      tokenFile: path.resolve('/tmp/nebula-x/venue/operator-token'),
    });
  });

  it('production reads no token file: the token comes from the environment', () => {
    const c = loadConfig({
      ...production,
      HOUSE_VENUE_OPERATOR_TOKEN: 't'.repeat(40),
      DEMO_VENUE_API_URL: 'http://venue.internal:8090/',
    });
    expect(c.houseVenue).toEqual({
      apiUrl: 'http://venue.internal:8090',
      token: 't'.repeat(40),
      tokenFile: null,
    });
  });

  it('a bad value stops the start, naming the variable', () => {
    expect(() => loadConfig({ AUDIT_CHECKPOINT_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ AUDIT_CHECKPOINT_KEY: 'short' })).toThrow(/AUDIT_CHECKPOINT_KEY/);
    expect(() => loadConfig({ HOUSE_VENUE_OPERATOR_TOKEN: 'short' })).toThrow(
      /HOUSE_VENUE_OPERATOR_TOKEN/,
    );
    expect(() => loadConfig({ AUDIT_CHECKPOINT_FILE: '   ' })).toThrow(/AUDIT_CHECKPOINT_FILE/);
  });

  it('production stops the start without the checkpoint key or the passkey RP', () => {
    expect(loadConfig(production).webauthn).toEqual({
      rpId: 'admin.example.com',
      rpName: 'Nebula 运营后台',
      origins: ['https://admin.example.com'],
    });
    for (const name of ['AUDIT_CHECKPOINT_KEY', 'WEBAUTHN_RP_ID', 'WEBAUTHN_ORIGINS']) {
      expect(() => loadConfig(without(name))).toThrow(ConfigError);
      expect(() => loadConfig(without(name))).toThrow(
        new RegExp(`${name}: required in production`),
      );
    }
    // An empty variable counts as unset.
    expect(() => loadConfig({ ...production, AUDIT_CHECKPOINT_KEY: '' })).toThrow(
      /AUDIT_CHECKPOINT_KEY/,
    );
  });

  it('the passkey RP: localhost outside production; a bad id or origin stops the start', () => {
    expect(loadConfig({ PORT: '8123' }).webauthn.origins).toEqual(['http://localhost:8123']);
    expect(loadConfig({}).webauthn.rpId).toBe('localhost');
    expect(() => loadConfig({ WEBAUTHN_RP_ID: '127.0.0.1' })).toThrow(/WEBAUTHN_RP_ID/);
    expect(() => loadConfig({ WEBAUTHN_RP_ID: 'https://x.example' })).toThrow(/WEBAUTHN_RP_ID/);
    expect(() =>
      loadConfig({ ...production, WEBAUTHN_ORIGINS: 'https://evil.example.net' }),
    ).toThrow(/not on the RP id/);
    expect(() =>
      loadConfig({ ...production, WEBAUTHN_ORIGINS: 'http://admin.example.com' }),
    ).toThrow(/must be https/);
    expect(() =>
      loadConfig({ ...production, WEBAUTHN_ORIGINS: 'https://admin.example.com/console' }),
    ).toThrow(/bare origin/);
    expect(
      loadConfig({
        ...production,
        WEBAUTHN_ORIGINS: 'https://admin.example.com, https://ops.admin.example.com:8443',
      }).webauthn.origins,
    ).toEqual(['https://admin.example.com', 'https://ops.admin.example.com:8443']);
  });
});
