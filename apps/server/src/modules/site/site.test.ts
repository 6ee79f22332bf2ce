import { expectCode } from '../../test/factories';
import { createDecipheriv, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreInfo, VvPrettyPlain, type SecKey, type VvPretty, ErrorCode } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function decrypt(payload: string, sec: SecKey): unknown {
  const raw = Buffer.from(payload, 'base64');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(sec.k, 'base64'),
    Buffer.from(sec.v, 'base64'),
  );
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return JSON.parse(
    Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]).toString(
      'utf8',
    ),
  );
}

describe('preInfo', () => {
  it('has every pre-info field of contract §8.2, the caller ip and the seeded settings', async () => {
    const data = await t
      .client()
      .data<PreInfo>('preInfo', { body: { platformType: 6 }, ip: '203.0.113.9' });
    expect(PreInfo.strict().safeParse(data).success).toBe(true);
    expect(data.ip).toBe('203.0.113.9');
    expect(data.SiteBaseConfigVo.title).toBe(t.config.siteSeed.title);
    expect(data.maintainConfig.status).toBe(1);
    expect(data.stopLogin).toBe(false);
  });
  it('says status 0 when the site is stopped, and answers during maintenance', async () => {
    await t.services.settings.update({
      siteStatus: { status: 'stopped', message: '停服升级', startTime: null, endTime: null },
    });
    try {
      const data = await t.client().data<PreInfo>('preInfo', { body: {} });
      expect(data.maintainConfig).toMatchObject({ status: 0, message: '停服升级' });
      const other = await t.client().call('stationAdList');
      expect(other.status_code).toBe(ErrorCode.Maintenance);
    } finally {
      await t.services.settings.update({
        siteStatus: { status: 'open', message: '', startTime: null, endTime: null },
      });
    }
  });
  it('reflects operator changes at once', async () => {
    expect((await t.client().data<PreInfo>('preInfo', { body: {} })).registerCaptcha).toBe(true);
    await t.services.settings.update({
      siteTitle: '新标题',
      stopRegister: true,
      registerCaptcha: false,
    });
    const data = await t.client().data<PreInfo>('preInfo', { body: {} });
    expect(data.SiteBaseConfigVo.title).toBe('新标题');
    expect(data.stopRegister).toBe(true);
    expect(data.registerCaptcha).toBe(false);
  });
});

describe('vvPretty and sec/{id}', () => {
  it('decrypts with k/v into a signKey that signs valid requests; the key is single use', async () => {
    const c = t.client();
    const vv = await c.data<VvPretty>('vvPretty');
    const sec = await c.data<SecKey>('sec', { params: { id: vv.id } });
    expect(Buffer.from(sec.v, 'base64')).toHaveLength(12);
    expect(Buffer.from(sec.k, 'base64')).toHaveLength(32);
    const plain = VvPrettyPlain.parse(decrypt(vv.payload, sec));
    // No PUBLIC_URL in tests: the client resolves the socket against its own origin.
    expect(plain.wsUrl).toBe('');

    // Sign a request with the delivered key alone (no server secret), as the browser does.
    const ts = String(Date.now());
    const sign = createHmac('sha256', Buffer.from(plain.signKey, 'hex'))
      .update(`act:${c.deviceId}:${ts}`)
      .digest('hex');
    const env = await c.call('stationAdList', {
      unsigned: true,
      headers: { 'x-sign': sign, 'x-timestamp': ts },
    });
    expect(env.status_code).toBe(ErrorCode.Success);

    const again = await c.call('sec', { params: { id: vv.id } });
    expect(again.status_code).toBe(ErrorCode.ApiAuth);
  });
  it('wsUrl never reflects the Host header: empty without PUBLIC_URL, else from it', async () => {
    const c = t.client();
    const forged = await c.data<VvPretty>('vvPretty', {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    const plain = VvPrettyPlain.parse(
      decrypt(forged.payload, await c.data<SecKey>('sec', { params: { id: forged.id } })),
    );
    expect(plain.wsUrl).toBe('');

    const configured = await createTestApp({
      env: { PUBLIC_URL: 'https://m.example.com/app' },
      seedDemo: false,
    });
    try {
      const d = configured.client();
      const vv = await d.data<VvPretty>('vvPretty', { headers: { host: 'evil.example' } });
      const fromConfig = VvPrettyPlain.parse(
        decrypt(vv.payload, await d.data<SecKey>('sec', { params: { id: vv.id } })),
      );
      expect(fromConfig.wsUrl).toBe('wss://m.example.com');
    } finally {
      await configured.close();
    }
  });
  it('a key handed to one device does not sign for another', async () => {
    const a = t.client();
    const vv = await a.data<VvPretty>('vvPretty');
    const plain = VvPrettyPlain.parse(
      decrypt(vv.payload, await a.data<SecKey>('sec', { params: { id: vv.id } })),
    );
    const b = t.client();
    const ts = String(Date.now());
    const sign = createHmac('sha256', Buffer.from(plain.signKey, 'hex'))
      .update(`act:${b.deviceId}:${ts}`)
      .digest('hex');
    await expectCode(
      b.call('stationAdList', {
        unsigned: true,
        headers: { 'x-sign': sign, 'x-timestamp': ts },
      }),
      ErrorCode.ApiAuth,
    );
  });
  it('refuses an expired key', async () => {
    const c = t.client();
    const vv = await c.data<VvPretty>('vvPretty');
    await t.db.query(
      `UPDATE vv_secrets SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [vv.id],
    );
    await expectCode(c.call('sec', { params: { id: vv.id } }), ErrorCode.ApiAuth);
  });
  it('refuses a malformed id with 10003', async () => {
    expect((await t.client().call('sec', { params: { id: 'x' } })).status_code).toBe(
      ErrorCode.Validation,
    );
  });
});

describe('site naming', () => {
  it('lists the seeded names', async () => {
    const data = await t.client().data<{ list: { key: string; name: string }[] }>('namingList');
    expect(data.list.map((n) => n.key)).toEqual(['TY', 'ZR', 'DJ', 'CP', 'QP', 'DZ', 'BY']);
  });
});
