import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
    const secrets = Object.fromEntries(
      ['SIGN_KEY', 'SESSION_SECRET', 'JWT_SECRET', 'PAYMENT_CALLBACK_SECRET'].map((n) => [
        n,
        'k'.repeat(40),
      ]),
    );
    const c = loadConfig({
      NODE_ENV: 'production',
      ...secrets,
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
});
