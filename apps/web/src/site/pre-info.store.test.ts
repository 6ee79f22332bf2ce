import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeClient, stubFetch } from '../test/api-stubs';
import { getPreInfo, refreshPreInfo, resetPreInfoStore, usePreInfoStore } from './pre-info.store';

const cached = {
  SiteBaseConfigVo: { title: '旧标题' },
  maintainConfig: { status: 1 },
  ip: '1.1.1.1',
};
const fresh = {
  SiteBaseConfigVo: { title: '新标题' },
  maintainConfig: { status: 1 },
  ip: '2.2.2.2',
};

afterEach(() => {
  vi.unstubAllGlobals();
  resetPreInfoStore();
});

describe('pre-info (stale-while-revalidate)', () => {
  it('renders from the cache at once, then replaces and re-caches the server copy', async () => {
    localStorage.setItem('preInfo', JSON.stringify(cached));
    resetPreInfoStore();
    expect(getPreInfo()?.SiteBaseConfigVo.title).toBe('旧标题');
    const { calls } = stubFetch(() => envelope(6000, fresh));
    const { client } = makeClient();
    await refreshPreInfo(client);
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ platformType: 6 });
    expect(getPreInfo()?.SiteBaseConfigVo.title).toBe('新标题');
    expect(usePreInfoStore.getState().fresh).toBe(true);
    expect(JSON.parse(localStorage.getItem('preInfo')!)).toEqual(fresh);
  });

  it('keeps the cached copy when the refresh fails', async () => {
    localStorage.setItem('preInfo', JSON.stringify(cached));
    resetPreInfoStore();
    stubFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const { client } = makeClient();
    await refreshPreInfo(client);
    expect(getPreInfo()?.SiteBaseConfigVo.title).toBe('旧标题');
    expect(usePreInfoStore.getState().error).toBeTruthy();
  });
});
