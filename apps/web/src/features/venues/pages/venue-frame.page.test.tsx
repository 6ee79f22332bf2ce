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
