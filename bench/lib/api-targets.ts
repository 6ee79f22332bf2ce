import { createHmac, randomUUID } from 'node:crypto';

/** One call bench:api drives: the request autocannon repeats. */
export interface ApiTarget {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers: Record<string, string>;
}

/** The signing key the benchmark servers are started with. */
export const BENCH_SIGN_KEY = 'b'.repeat(64);

/** What a server started for bench:api / profile:api gets: production mode, logs at warn. */
export function benchServerEnv(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: '100000000',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SEED_DEMO: 'on',
    SIGN_KEY: BENCH_SIGN_KEY,
    SESSION_SECRET: 's'.repeat(64),
    JWT_SECRET: 'j'.repeat(64),
    PAYMENT_CALLBACK_SECRET: 'p'.repeat(64),
    AUDIT_CHECKPOINT_KEY: 'a'.repeat(64),
    // Production requires the passkeys' relying party (not used by the calls measured).
    WEBAUTHN_RP_ID: 'localhost',
    WEBAUTHN_ORIGINS: 'https://localhost',
  };
}

/**
 * The two calls of bench:api: the unsigned bootstrap and the signed notice list. One device and
 * one signature (valid for the 5-minute window, contract §2) serve the whole run.
 */
export function apiTargets(): ApiTarget[] {
  const deviceId = randomUUID();
  const common = {
    'x-client-type': 'h5',
    'x-version': '2.0.0',
    'x-site-id': '6001',
    'x-api-uuid': deviceId,
  };
  const ts = String(Date.now());
  const deviceKey = createHmac('sha256', BENCH_SIGN_KEY).update(deviceId).digest();
  const sign = createHmac('sha256', deviceKey).update(`site:${deviceId}:${ts}`).digest('hex');
  return [
    {
      name: 'preInfo',
      method: 'POST',
      path: '/site/api/v1/configuration/preInfo',
      body: '{"platformType":6}',
      headers: common,
    },
    {
      name: 'noticeList (signed)',
      method: 'POST',
      path: '/site/api/v1/advertising/queryNoticeList',
      body: '{"category":1}',
      headers: { ...common, 'x-timestamp': ts, 'x-sign': sign },
    },
  ];
}
