import { expectCode } from '../../test/factories';
import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('access restriction', () => {
  it('6033 for an address in a region that is not served; other regions pass', async () => {
    await t.services.access.addRegionRange('XA', '192.0.2.0/24');
    await t.services.access.addRegionRange('XB', '2001:db8::/32');
    const c = t.client();
    expect((await c.call('preInfo', { body: {}, ip: '192.0.2.7' })).status_code).toBe(
      ErrorCode.Success,
    );
    await t.services.settings.update({ blockedRegions: ['XA', 'XB'] });
    expect((await c.call('preInfo', { body: {}, ip: '192.0.2.7' })).status_code).toBe(
      ErrorCode.AccessRestrictedRegion,
    );
    expect((await c.call('stationAdList', { ip: '2001:db8::9' })).status_code).toBe(
      ErrorCode.AccessRestrictedRegion,
    );
    expect((await c.call('preInfo', { body: {}, ip: '198.51.100.1' })).status_code).toBe(
      ErrorCode.Success,
    );
    await t.services.settings.update({ blockedRegions: [] });
    expect((await c.call('preInfo', { body: {}, ip: '192.0.2.7' })).status_code).toBe(
      ErrorCode.Success,
    );
  });
  it('6031 applies to bootstrap calls too and lifts when unblocked', async () => {
    const id = await t.services.access.blockIp('203.0.113.5', 'abuse');
    expect((await t.client().call('preInfo', { body: {}, ip: '203.0.113.5' })).status_code).toBe(
      ErrorCode.AccessRestrictedIp,
    );
    await t.services.access.unblockIp(id);
    expect((await t.client().call('preInfo', { body: {}, ip: '203.0.113.5' })).status_code).toBe(
      ErrorCode.Success,
    );
  });
  it('uses the forwarded address only from a trusted proxy', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' }, seedDemo: false });
    try {
      await proxied.services.access.blockIp('203.0.113.77', 'x');
      const c = proxied.client();
      const viaTrusted = await c.call('preInfo', {
        body: {},
        ip: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.77' },
      });
      expect(viaTrusted.status_code).toBe(ErrorCode.AccessRestrictedIp);
      const viaStranger = await c.call<{ ip: string }>('preInfo', {
        body: {},
        ip: '198.51.100.3',
        headers: { 'x-forwarded-for': '203.0.113.77' },
      });
      expect(viaStranger.status_code).toBe(ErrorCode.Success);
      expect(viaStranger.data.ip).toBe('198.51.100.3');
    } finally {
      await proxied.close();
    }
  });
});

describe('maintenance', () => {
  it('6032 on every call but bootstrap while in maintenance, with the window in data', async () => {
    await t.services.settings.update({
      siteStatus: {
        status: 'maintenance',
        message: '例行维护',
        startTime: '2026-11-22T02:00:00+08:00',
        endTime: '2026-11-22T04:00:00+08:00',
      },
    });
    const c = t.client();
    const env = await c.call('noticeList', { body: { category: 1 } });
    expect(env).toMatchObject({
      status_code: ErrorCode.Maintenance,
      data: { message: '例行维护' },
    });
    await expectCode(c.call('preInfo', { body: {} }), ErrorCode.Success);
    await expectCode(c.call('vvPretty'), ErrorCode.Success);
    await t.services.settings.update({
      siteStatus: { status: 'open', message: '', startTime: null, endTime: null },
    });
    expect((await c.call('noticeList', { body: { category: 1 } })).status_code).toBe(
      ErrorCode.Success,
    );
  });
});
