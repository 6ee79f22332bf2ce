import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetDeviceIdCache } from '../lib/device';
import { envelope, makeClient, stubFetch } from '../test/api-stubs';
import { reportWebTerminal } from './web-terminal';

afterEach(() => {
  vi.unstubAllGlobals();
  resetDeviceIdCache();
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
});
