import { StorageKey } from '@nebula/protocol/constants/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeClient, stubFetch } from '../test/api-stubs';
import { ACCESS_ALERT_URL, ACCESS_CAVEAT_URL, installAccessRedirects } from './access-redirects';

interface PreInfoStub {
  SiteBaseConfigVo: { downloadOnly: boolean };
  maintainConfig: { status: 0 | 1 };
}

function setup(preInfo: PreInfoStub | null, code: number, currentUrl = '/') {
  stubFetch(() => envelope(code));
  const { client, events } = makeClient();
  const navigate = vi.fn();
  const off = installAccessRedirects(events, {
    getPreInfo: () => preInfo,
    navigate,
    currentUrl: () => currentUrl,
  });
  return { client, navigate, off };
}

const normal: PreInfoStub = {
  SiteBaseConfigVo: { downloadOnly: false },
  maintainConfig: { status: 1 },
};
const downloadOnly: PreInfoStub = {
  SiteBaseConfigVo: { downloadOnly: true },
  maintainConfig: { status: 1 },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('access redirects', () => {
  it.each([6031, 6033])('sends %i to the access-caveat page', async (code) => {
    const { client, navigate } = setup(normal, code);
    await expect(client.call('stationAdList')).rejects.toMatchObject({ code });
    expect(navigate).toHaveBeenCalledWith(ACCESS_CAVEAT_URL, { replace: true });
    expect(ACCESS_CAVEAT_URL).toBe('/other/restrictionIp?name=access-caveat');
  });

  it.each([6031, 6033])('does not redirect %i on the download-only platform', async (code) => {
    const { client, navigate } = setup(downloadOnly, code);
    await expect(client.call('stationAdList')).rejects.toMatchObject({ code });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not navigate to the page it is already on', async () => {
    const { client, navigate } = setup(normal, 6031, ACCESS_CAVEAT_URL);
    await client.call('stationAdList').catch(() => undefined);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends 6032 to the access-alert page when maintenance status is not 0', async () => {
    const { client, navigate } = setup(normal, 6032);
    await client.call('stationAdList').catch(() => undefined);
    expect(navigate).toHaveBeenCalledWith('/other/restrictionIp?name=access-alert', {
      replace: true,
    });
    expect(ACCESS_ALERT_URL).toBe('/other/restrictionIp?name=access-alert');
  });

  it('ignores 6032 when isGo is set', async () => {
    localStorage.setItem(StorageKey.IsGo, '1');
    const { client, navigate } = setup(normal, 6032);
    await client.call('stationAdList').catch(() => undefined);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('ignores 6032 on the download-only platform', async () => {
    const { client, navigate } = setup(downloadOnly, 6032);
    await client.call('stationAdList').catch(() => undefined);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves 6032 to the stop-service rule when maintenance status is 0', async () => {
    const { client, navigate } = setup({ ...normal, maintainConfig: { status: 0 } }, 6032);
    await client.call('stationAdList').catch(() => undefined);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('stops redirecting once uninstalled', async () => {
    const { client, navigate, off } = setup(normal, 6031);
    off();
    await client.call('stationAdList').catch(() => undefined);
    expect(navigate).not.toHaveBeenCalled();
  });
});
