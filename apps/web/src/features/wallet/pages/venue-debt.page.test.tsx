import type { VenueBalance, WalletBalances } from '@nebula/protocol/api/wallet/wallet.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { api } from '../../../client/api';
import { resetSessionStore, useSessionStore } from '../../../session/session.store';
import { TRANSFER_PATH, WALLET_PATH } from '../../../site/paths';
import { TransferPage } from './transfer.page';
import { WalletPage } from './wallet.page';

const venue = (v: Partial<VenueBalance> & Pick<VenueBalance, 'code' | 'name'>): VenueBalance => ({
  balance: '0.00',
  syncedAt: null,
  status: 'open',
  pendingIn: '0.00',
  pendingOut: '0.00',
  debt: '0.00',
  debtHeld: '0.00',
  ...v,
});

/** A member who owes 星云体育·FB 180.50 (held back) and owed 雷火电竞 20.00 (written off). */
const owing: WalletBalances = {
  main: '500.00',
  locked: '0.00',
  coin: '0',
  venues: [
    venue({ code: 'FBTY', name: '星云体育·FB', debt: '180.50', debtHeld: '180.50' }),
    venue({ code: 'LHDJ', name: '雷火电竞', debt: '20.00', debtHeld: '0.00' }),
    venue({ code: 'IMTY', name: '星云体育·IM', balance: '30.00' }),
  ],
  debtHeld: '180.50',
  inFlight: '0.00',
  total: '530.00',
};

function serve(balances: WalletBalances) {
  vi.spyOn(api, 'call').mockImplementation((name: string) => {
    if (name === 'walletBalances' || name === 'walletSync') return Promise.resolve(balances);
    if (name === 'transferPrefs') return Promise.resolve({ appSendMoney: false });
    if (name === 'transferOrders')
      return Promise.resolve({ list: [], page: 1, pageSize: 10, total: 0 });
    return Promise.resolve({});
  });
}

function renderAt(path: string, Component: ComponentType) {
  const router = createMemoryRouter([{ path, Component }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => useSessionStore.setState({ token: 'session-token' }));
afterEach(() => {
  vi.restoreAllMocks();
  resetSessionStore();
});

describe.each([
  ['/mine/finance/wallet', WALLET_PATH, WalletPage],
  ['/mine/finance/transfer', TRANSFER_PATH, TransferPage],
] as const)('场馆欠款 on %s', (_name, path, Page) => {
  it('shows what is owed, what is held back from withdrawal and why', async () => {
    serve(owing);
    renderAt(path, Page);
    const notice = await screen.findByRole('region', { name: /场馆欠款/ });
    expect(notice?.textContent).toContain('¥200.50');
    expect(notice?.textContent).toContain('暂不可提现 ¥180.50');
    expect(within(notice).getByText('星云体育·FB 欠款 ¥180.50')).toBeTruthy();
    expect(within(notice).getByText('雷火电竞 欠款 ¥20.00（已核销，不影响提现）')).toBeTruthy();
    expect(notice?.textContent).toContain('下次转入该场馆时会先抵扣欠款');
    // The venue's own row says it too.
    const row = document.querySelector(
      '.nb-venues__item[data-venue="FBTY"], .nb-tvenue[data-venue="FBTY"]',
    );
    expect(row).not.toBeNull();
    expect(row?.textContent).toContain('欠款 ¥180.50');
  });

  it('shows nothing of the kind when no venue is owed', async () => {
    serve({ ...owing, venues: [owing.venues[2]!], debtHeld: '0.00' });
    renderAt(path, Page);
    expect(await screen.findByText('星云体育·IM')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /场馆欠款/ })).toBeNull();
  });
});
