import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetDeviceIdCache } from '../lib/device';
import { getFingerprint } from '../lib/fingerprint';
import { envelope, makeClient, stubFetch } from '../test/api-stubs';
import { resetPreInfoStore, usePreInfoStore, type PreInfo } from './pre-info.store';
import { reportWebTerminal } from './web-terminal';

afterEach(() => {
  vi.unstubAllGlobals();
  resetDeviceIdCache();
  resetPreInfoStore();
  sessionStorage.clear();
  localStorage.clear();
});

describe('webTerminal report', () => {
  it('sends device id, fingerprint, screen and user agent once per session and device', async () => {
    const { calls } = stubFetch(() => envelope(6000, null));
    const { client } = makeClient();
    await reportWebTerminal(client);
    await reportWebTerminal(client);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/site/api/v1/launcher/webTerminal');
    const body = JSON.parse(calls[0]!.init.body as string) as Record<string, string>;
    expect(body.deviceId).toBe(localStorage.getItem('X-API-UUID'));
    expect(body.fingerprint).toMatch(/^[0-9a-f]{8}$|^$/);
    expect(body.screen).toMatch(/^\d+x\d+$/);
    expect(body.userAgent).toBe(navigator.userAgent);
  });

  it('tries again on the next start when the report failed', async () => {
    const { calls } = stubFetch(() => envelope(10001));
    const { client } = makeClient();
    await reportWebTerminal(client);
    await reportWebTerminal(client);
    expect(calls).toHaveLength(2);
  });

  it("hashes the address of the pre-info on hand, before pre-info's refresh has cached it", async () => {
    // The platform's page brought pre-info; the cached copy is not written yet.
    usePreInfoStore.setState({ preInfo: { ip: '198.51.100.4' } as PreInfo });
    const { calls } = stubFetch(() => envelope(6000, null));
    const { client } = makeClient();
    await reportWebTerminal(client);
    const body = JSON.parse(calls[0]!.init.body as string) as Record<string, string>;
    expect(body.fingerprint).toBe(await getFingerprint({ ip: '198.51.100.4' }));
    expect(body.fingerprint).not.toBe(await getFingerprint({ ip: '' }));
  });
});
