import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  findDialog,
  PAGE_TEST_TIMEOUT,
  renderPage,
  writes,
  type Answers,
} from '../test/render-page';
import { Page } from './grants-page';

const grant = (id: number, status: string) => ({
  id,
  memberId: 42,
  kind: 'activity',
  title: `优惠${id}`,
  amount: '18.00',
  turnoverMultiple: 1,
  bucket: null,
  status,
  createdAt: 1,
  expiresAt: null,
  paidAt: null,
  forfeited: null,
});

const platform: Answers = (c) => {
  if (c.path === '/admin/api/v1/grants/report')
    return { data: { list: [{ day: '2026-11-26', kind: 'rebate', count: 3, amount: '12.34' }] } };
  if (c.path === '/admin/api/v1/members/42/grants')
    return {
      data: { list: [grant(7, 'available'), grant(8, 'paid')], total: 2, page: 1, pageSize: 20 },
    };
  if (c.path === '/admin/api/v1/grants/7/revoke') return { data: { ...grant(7, 'revoked') } };
  return undefined;
};

describe('福利发放 page', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('shows the report by day and kind for the chosen days', async () => {
    const r = renderPage(Page, { permissions: ['report.read'], answers: platform });
    expect(await screen.findByText('12.34')).toBeTruthy();
    expect(screen.getByText('返水')).toBeTruthy();
    const asked = r.calls.find((c) => c.path === '/admin/api/v1/grants/report');
    expect(asked?.query.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Without promo.manage there is no member lookup, and nothing asks for one.
    expect(screen.queryByText('会员优惠记录')).toBeNull();
    expect(r.calls.every((c) => c.path === '/admin/api/v1/grants/report')).toBe(true);
  });

  it('looks a member up and revokes an unclaimed grant with a reason', async () => {
    const r = renderPage(Page, { permissions: ['promo.manage'], answers: platform });
    fireEvent.change(await screen.findByLabelText('会员编号'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    const row = (await screen.findByText('优惠7')).closest('tr')!;
    // A paid grant cannot be revoked: only the available one offers the button.
    expect(screen.getAllByRole('button', { name: '撤销' })).toHaveLength(1);
    fireEvent.click(within(row).getByRole('button', { name: '撤销' }));
    const dialog = await findDialog('撤销优惠');
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '重复发放' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await screen.findByText('已撤销');
    expect(writes(r.calls)).toMatchObject([
      { path: '/admin/api/v1/grants/7/revoke', body: { reason: '重复发放' } },
    ]);
  });
});
