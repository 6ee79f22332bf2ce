import { createDecipheriv } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type CustomerService,
  type DownloadInfo,
  type PreInfo,
  type SecKey,
  type VvPretty,
} from '@nebula/protocol';
import { adminCall, adminToken } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMER_SERVICE_URL: 'https://cs.example.com/chat' } });
  admin = await adminToken(t);
});
afterAll(() => t.close());

async function vvCsUrl(): Promise<string> {
  const c = t.client();
  const vv = await c.data<VvPretty>('vvPretty');
  const sec = await c.data<SecKey>('sec', { params: { id: vv.id } });
  const raw = Buffer.from(vv.payload, 'base64');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(sec.k, 'base64'),
    Buffer.from(sec.v, 'base64'),
  );
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  const plain = Buffer.concat([
    decipher.update(raw.subarray(0, raw.length - 16)),
    decipher.final(),
  ]);
  return (JSON.parse(plain.toString('utf8')) as { csUrl: string }).csUrl;
}

describe('customer service and download settings', () => {
  it('csUrl is a site setting seeded from CUSTOMER_SERVICE_URL; an operator change reaches pre-info, vvPretty and the page', async () => {
    expect(await vvCsUrl()).toBe('https://cs.example.com/chat');
    const patch = await adminCall(t, admin, 'POST', '/admin/api/v1/settings', {
      csUrl: 'https://help.example.org/live',
      csOpenMode: 'frame',
      csChannels: [
        {
          kind: 'telegram',
          account: '@nebula_cs',
          link: 'https://t.me/nebula_cs',
          qr: '',
          note: '',
          backup: false,
        },
        {
          kind: 'wechat',
          account: 'nebula-kf',
          link: '',
          qr: 'https://u.wechat.com/abc',
          note: '备用微信',
          backup: true,
        },
      ],
    });
    expect(patch.status_code).toBe(6000);
    expect(await vvCsUrl()).toBe('https://help.example.org/live');
    const pre = await t.client().data<PreInfo>('preInfo', { body: {} });
    expect(pre.SiteBaseConfigVo.customerServiceUrl).toBe('https://help.example.org/live');
    expect(pre.SiteBaseConfigVo.currencyName).toBe('金币');
    const cs = await t.client().data<CustomerService>('customerService');
    expect(cs.main).toMatchObject({ url: 'https://help.example.org/live', openMode: 'frame' });
    expect(cs.main.channels.map((c) => c.kind)).toEqual(['telegram']);
    expect(cs.backup.channels).toEqual([
      {
        kind: 'wechat',
        account: 'nebula-kf',
        link: '',
        qr: 'https://u.wechat.com/abc',
        note: '备用微信',
      },
    ]);
  });

  it('the page CSP lets the online-service origin be framed only in frame mode', async () => {
    const csp = async () =>
      String(
        (await t.app.inject({ method: 'GET', url: '/customer/main' })).headers[
          'content-security-policy'
        ],
      );
    await adminCall(t, admin, 'POST', '/admin/api/v1/settings', {
      csUrl: 'https://help.example.org/live',
      csOpenMode: 'frame',
    });
    expect(await csp()).toContain("frame-src 'self' https://help.example.org;");
    await adminCall(t, admin, 'POST', '/admin/api/v1/settings', { csOpenMode: 'window' });
    expect(await csp()).toContain("frame-src 'self';");
    expect(await csp()).not.toContain('help.example.org');
  });

  it('refuses links that are not http(s) or in-site', async () => {
    for (const csUrl of ['javascript:alert(1)', '//evil.example', 'data:text/html,x'])
      expect(
        (await adminCall(t, admin, 'POST', '/admin/api/v1/settings', { csUrl })).status_code,
      ).toBe(ErrorCode.Validation);
    expect(
      (
        await adminCall(t, admin, 'POST', '/admin/api/v1/settings', {
          appIosUrl: 'http://not-https.example/app',
        })
      ).status_code,
    ).toBe(ErrorCode.Validation);
  });

  it('download info: official addresses and app links from the settings', async () => {
    await adminCall(t, admin, 'POST', '/admin/api/v1/settings', {
      addresses: ['https://nebula.example'],
      appAndroidUrl: 'https://nebula.example/app.apk',
    });
    const info = await t.client().data<DownloadInfo>('downloadInfo');
    expect(info).toEqual({
      addresses: ['https://nebula.example'],
      iosUrl: '',
      androidUrl: 'https://nebula.example/app.apk',
    });
  });

  it('a site without customer service says so: empty url and channels', async () => {
    const bare = await createTestApp({ seedDemo: false });
    try {
      const cs = await bare.client().data<CustomerService>('customerService');
      expect(cs.main).toEqual({ url: '', openMode: 'window', channels: [] });
    } finally {
      await bare.close();
    }
  });
});
