import type { RecallResult } from '@nebula/protocol/api/venues/venues.schemas';
import { ErrorCode, messageFor } from '@nebula/protocol/errors/codes';
import type { WalletBalances } from '@nebula/protocol/api/wallet/wallet.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { api } from '../../../client/api';
import { BusinessError } from '../../../lib/api-errors';
import { resetSessionStore, useSessionStore } from '../../../session/session.store';
import { TRANSFER_PATH } from '../../../site/paths';
import { TransferPage } from './transfer.page';

const venue = (code: string, name: string, balance: string) => ({
  code,
  name,
  balance,
  syncedAt: null,
  status: 'open' as const,
  pendingIn: '0.00',
  pendingOut: '0.00',
  debt: '0.00',
  debtHeld: '0.00',
});
const balances: WalletBalances = {
  main: '50.00',
  locked: '0.00',
  coin: '0',
  venues: [venue('IMTY', '星云体育·IM', '30.00'), venue('OBTY', '星云体育·OB', '20.00')],
  debtHeld: '0.00',
  inFlight: '0.00',
  total: '100.00',
};

/** Answers the page's calls; 一键回收 answers `recall`. */
function serve(recall: RecallResult) {
  return vi.spyOn(api, 'call').mockImplementation((name: string) => {
    if (name === 'walletBalances' || name === 'walletSync') return Promise.resolve(balances);
    if (name === 'transferPrefs') return Promise.resolve({ appSendMoney: false });
    if (name === 'transferOrders')
      return Promise.resolve({ list: [], page: 1, pageSize: 10, total: 0 });
    if (name === 'transferRecall') return Promise.resolve(recall);
    return Promise.resolve({});
  });
}

function renderPage() {
  const router = createMemoryRouter([{ path: TRANSFER_PATH, Component: TransferPage }], {
    initialEntries: [TRANSFER_PATH],
  });
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

describe('/mine/finance/transfer 一键回收', () => {
  it('names the venues that could not be asked instead of saying there was nothing to recall', async () => {
    serve({
      transfers: [],
      balances,
      unreachable: [
        { venueCode: 'IMTY', venueName: '星云体育·IM' },
        { venueCode: 'OBTY', venueName: '星云体育·OB' },
      ],
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '一键回收' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toBe(
      '以下场馆暂时无法回收：星云体育·IM、星云体育·OB，余额仍在场馆中，请稍后再试',
    );
    expect(screen.queryByText('各场馆暂无可回收余额')).toBeNull();
  });

  it('says nothing of the kind when every venue answered', async () => {
    serve({ transfers: [], balances, unreachable: [] });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '一键回收' }));
    expect(await screen.findByText('各场馆暂无可回收余额')).toBeTruthy();
    expect(screen.queryByText(/暂时无法回收/)).toBeNull();
  });

  it('shows the server’s Chinese refusal when recalls come too often (7029)', async () => {
    const spy = serve({ transfers: [], balances, unreachable: [] });
    const code = ErrorCode.TransferTooFrequent;
    const refusal = { status_code: code, message: messageFor(code), data: { retryAt: 1 } };
    const answer = spy.getMockImplementation()!;
    spy.mockImplementation((...args: Parameters<typeof answer>) =>
      args[0] === 'transferRecall'
        ? Promise.reject(new BusinessError(code, messageFor(code), refusal))
        : answer(...args),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '一键回收' }));
    expect(await screen.findByText('转账操作过于频繁，请稍后再试')).toBeTruthy();
  });
});
