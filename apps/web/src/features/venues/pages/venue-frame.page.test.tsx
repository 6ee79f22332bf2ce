import type { RecallResult, VenueView } from '@nebula/protocol/api/venues/venues.schemas';
import type { WalletBalances } from '@nebula/protocol/api/wallet/wallet.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { api } from '../../../client/api';
import { useDeviceConfig } from '../../../lib/signing/device-config.store';
import { resetSessionStore, useSessionStore } from '../../../session/session.store';
import { launchResult } from '../../../test/launch-result';
import { markFrameLoaded } from '../model/frame-reload';
import { venueProxy } from '../model/venue-launch';
import { VenueFramePage } from './venue-frame.page';

const ORIGIN = 'https://venue.example';
const TOKEN = 'session-token';
const im: VenueView = {
  code: 'IMTY',
  family: 'TY',
  name: '星云体育·IM',
  logo: '/static/venues/imty.svg',
  dialect: 'IMTY',
  status: 'open',
  sort: 1,
  frameRoute: '/sport/im',
};
const balances: WalletBalances = {
  main: '0.00',
  locked: '0.00',
  coin: '0',
  venues: [],
  debtHeld: '0.00',
  inFlight: '0.00',
  total: '0.00',
};

function serve(recall: RecallResult) {
  const sent: string[] = [];
  vi.spyOn(api, 'call').mockImplementation((name: string) => {
    sent.push(name);
    if (name === 'venueList') return Promise.resolve({ list: [im] });
    if (name === 'walletBalances') return Promise.resolve(balances);
    if (name === 'transferRecall') return Promise.resolve(recall);
    return Promise.resolve({});
  });
  vi.spyOn(venueProxy, 'request').mockResolvedValue({ balance: '0.00' });
  return sent;
}

/** The frame on `url`, with 免转 on (the member's switch already known). */
function renderFrame(url: string) {
  const client = createQueryClient();
  client.setQueryData(['wallet', TOKEN, 'transferPrefs'], { appSendMoney: true });
  const router = createMemoryRouter(
    [
      {
        path: '/sport/im',
        element: <VenueFramePage transferSheet={() => null} notFound={<p>页面不存在</p>} />,
      },
      { path: '/', element: <p>首页</p> },
    ],
    { initialEntries: [`/sport/im?venue=IMTY&url=${encodeURIComponent(url)}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useSessionStore.setState({ token: TOKEN });
  useDeviceConfig.setState({ config: { wsUrl: '', csUrl: '', venueOrigins: { IMTY: ORIGIN } } });
});
afterEach(() => {
  vi.restoreAllMocks();
  resetSessionStore();
  useDeviceConfig.setState({ config: null });
});

describe('the venue frame', () => {
  it('frames the venue’s page; the venue’s API on its own origin is a 404', async () => {
    serve({ transfers: [], balances, unreachable: [] });
    renderFrame(`${ORIGIN}/operator/v1/settings`);
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('leaving with 免转 on says which venue could not be asked for its balance', async () => {
    const sent = serve({
      transfers: [],
      balances,
      unreachable: [{ venueCode: 'IMTY', venueName: '星云体育·IM' }],
    });
    renderFrame(`${ORIGIN}/h5/?token=abc`);
    expect((await screen.findByTitle('星云体育·IM')).getAttribute('src')).toBe(
      `${ORIGIN}/h5/?token=abc`,
    );
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(await screen.findByText('首页')).toBeTruthy();
    expect(
      await screen.findByText(
        '以下场馆暂时无法回收：星云体育·IM，余额仍在场馆中，可稍后在额度转换页回收',
      ),
    ).toBeTruthy();
    expect(sent).toContain('transferRecall');
  });
});

describe('a house game venue’s frame (/gaming/house)', () => {
  const xycp: VenueView = {
    code: 'XYCP',
    family: 'CP',
    name: '星云彩票',
    logo: '/static/venues/xycp.svg',
    dialect: null,
    status: 'open',
    sort: 80,
    frameRoute: '/gaming/house',
  };
  beforeEach(() => {
    sessionStorage.clear();
    useDeviceConfig.setState({
      config: { wsUrl: '', csUrl: '', venueOrigins: { XYCP: ORIGIN } },
    });
  });

  function renderGame(initial: string) {
    const launches: Record<string, unknown>[] = [];
    vi.spyOn(api, 'call').mockImplementation((name: string, input?: unknown) => {
      if (name === 'venueList') return Promise.resolve({ list: [xycp] });
      if (name === 'walletBalances') return Promise.resolve(balances);
      if (name === 'walletSync')
        return Promise.resolve({
          ...balances,
          venues: [
            {
              code: 'XYCP',
              name: '星云彩票',
              balance: '88.00',
              syncedAt: 1,
              status: 'open',
              pendingIn: '0.00',
              pendingOut: '0.00',
              debt: '0.00',
              debtHeld: '0.00',
            },
          ],
        });
      if (name === 'venueLaunch') {
        launches.push((input as { body: Record<string, unknown> }).body);
        return Promise.resolve(launchResult('XYCP', '/gaming/house', ORIGIN));
      }
      return Promise.resolve({});
    });
    const proxy = vi.spyOn(venueProxy, 'request');
    const client = createQueryClient();
    client.setQueryData(['wallet', TOKEN, 'transferPrefs'], { appSendMoney: false });
    const router = createMemoryRouter(
      [
        {
          path: '/gaming/house',
          element: <VenueFramePage transferSheet={() => null} notFound={<p>页面不存在</p>} />,
        },
      ],
      { initialEntries: [initial] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return { launches, proxy, router };
  }

  it('frames the page; the platform asks the venue its balance (no dialect for the proxy)', async () => {
    const url = `${ORIGIN}/h5/?token=abc`;
    const { proxy } = renderGame(`/gaming/house?venue=XYCP&url=${encodeURIComponent(url)}`);
    expect((await screen.findByTitle('星云彩票')).getAttribute('src')).toBe(url);
    expect(await screen.findByText('88.00', { exact: false })).toBeTruthy();
    expect(proxy).not.toHaveBeenCalled();
  });

  it('a reload relaunches quietly with the same game and keeps it in the address', async () => {
    const url = `${ORIGIN}/h5/?token=spent`;
    markFrameLoaded(url);
    const { launches, router } = renderGame(
      `/gaming/house?venue=XYCP&url=${encodeURIComponent(url)}&game=JSK3`,
    );
    expect((await screen.findByTitle('星云彩票')).getAttribute('src')).toBe(
      `${ORIGIN}/h5/?token=fresh`,
    );
    expect(launches).toEqual([expect.objectContaining({ enName: 'XYCP', gameCode: 'JSK3' })]);
    expect(router.state.location.search).toContain('&game=JSK3');
  });

  it('a reload finds the game in the venue page’s own URL when the address has none', async () => {
    const url = `${ORIGIN}/h5/games/?token=spent3&game=JSK3`;
    markFrameLoaded(url);
    const { launches } = renderGame(`/gaming/house?venue=XYCP&url=${encodeURIComponent(url)}`);
    await vi.waitFor(() => expect(launches).toHaveLength(1));
    expect(launches[0]).toMatchObject({ gameCode: 'JSK3' });
  });

  it('a game code that is not one is not sent', async () => {
    const url = `${ORIGIN}/h5/?token=spent2`;
    markFrameLoaded(url);
    const { launches } = renderGame(
      `/gaming/house?venue=XYCP&url=${encodeURIComponent(url)}&game=${encodeURIComponent('x y')}`,
    );
    await screen.findByTitle('星云彩票');
    await vi.waitFor(() => expect(launches).toHaveLength(1));
    expect(launches[0]).not.toHaveProperty('gameCode');
  });
});
