import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  findDialog,
  PAGE_TEST_TIMEOUT,
  renderPage,
  writes,
  type Answers,
} from '../test/render-page';
import { Page } from './transfers-page';

const transfer = (transferId: string, status: string) => ({
  transferId,
  venueCode: 'FBTY',
  venueName: 'FB 体育',
  direction: 'in',
  amount: '100.00',
  status,
  kind: 'manual',
  failure: null,
  createdAt: 1,
  completedAt: null,
  memberId: 42,
  userName: 'alice',
  attempts: 3,
  lastCheckedAt: 2,
  lastAnswer: 'timeout',
});
const debt = (held: string) => ({
  memberId: 42,
  userName: 'alice',
  venueCode: 'FBTY',
  venueName: 'FB 体育',
  debt: '150.00',
  writtenOff: '0.00',
  held,
  syncedAt: 1,
});

const platform =
  (writeOff: { code: number } | undefined): Answers =>
  (c) => {
    if (c.path === '/admin/api/v1/transfers')
      return {
        data: {
          list: [transfer('TRPENDING01', 'pending'), transfer('TRDONE0001', 'succeeded')],
          total: 2,
          page: 1,
          pageSize: 20,
        },
      };
    if (c.path === '/admin/api/v1/transfers/TRPENDING01/resolve')
      return { data: transfer('TRPENDING01', 'succeeded') };
    if (c.path === '/admin/api/v1/venue-debts')
      return { data: { list: [debt('150.00')], total: 1, page: 1, pageSize: 20 } };
    if (c.path === '/admin/api/v1/members/42/venues/FBTY/debt/write-off')
      return writeOff ?? { data: debt('0.00') };
    return undefined;
  };

describe('场馆转账 page', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('filters by member and venue, and resolves a pending transfer with a reason', async () => {
    const r = renderPage(Page, { permissions: ['transfer.manage'], answers: platform(undefined) });
    expect(await screen.findByText('TRPENDING01')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('会员编号'), { target: { value: '42' } });
    fireEvent.change(screen.getByLabelText('场馆代码'), { target: { value: 'fbty' } });
    await waitFor(() => {
      const last = r.calls.filter((c) => c.path === '/admin/api/v1/transfers').at(-1)!;
      expect(last.query.get('memberId')).toBe('42');
      expect(last.query.get('venueCode')).toBe('FBTY');
    });
    // Only the pending one offers the action.
    const buttons = await screen.findAllByRole('button', { name: '按场馆答复处理' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    const dialog = await findDialog('处理待确认转账');
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '场馆已确认' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await screen.findByText('已处理：成功');
    expect(writes(r.calls)).toMatchObject([
      { path: '/admin/api/v1/transfers/TRPENDING01/resolve', body: { reason: '场馆已确认' } },
    ]);
  });

  it('writes a debt off; above the threshold it is filed for a second operator', async () => {
    const r = renderPage(Page, {
      permissions: ['transfer.manage'],
      answers: platform({ code: 9602 }),
    });
    const row = (await screen.findAllByText('150.00', { selector: 'td' }))[0]!.closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '核销' }));
    const dialog = await findDialog('核销欠款');
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '场馆已免除' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await screen.findByText(/待复核/);
    expect(writes(r.calls)).toMatchObject([
      {
        path: '/admin/api/v1/members/42/venues/FBTY/debt/write-off',
        body: { reason: '场馆已免除' },
      },
    ]);
  });

  it('without transfer.manage shows neither actions nor the debts', async () => {
    renderPage(Page, { permissions: ['report.read'], answers: platform(undefined) });
    await screen.findByText('场馆转账');
    expect(screen.queryByRole('button', { name: '按场馆答复处理' })).toBeNull();
    expect(screen.queryByText('会员场馆欠款')).toBeNull();
  });
});
