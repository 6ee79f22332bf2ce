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
  if (c.path === '/admin/api/v1/members/42/grants' && c.method === 'GET')
    return {
      data: { list: [grant(7, 'available'), grant(8, 'paid')], total: 2, page: 1, pageSize: 20 },
    };
  if (c.path === '/admin/api/v1/grants/7/revoke') return { data: { ...grant(7, 'revoked') } };
  if (c.path === '/admin/api/v1/members/42/grants' && c.method === 'POST')
    return { data: { ...grant(9, 'paid'), kind: 'manual', amount: '88.00' } };
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

  it('sends a manual grant validated with the protocol schema, as a money call', async () => {
    const r = renderPage(Page, { permissions: ['promo.manage'], answers: platform });
    fireEvent.change(await screen.findByLabelText('会员编号'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await screen.findByText('优惠7');
    fireEvent.click(screen.getByRole('button', { name: '人工发放' }));
    const dialog = await findDialog('人工发放优惠');
    // The protocol's schema refuses a zero amount before anything is sent.
    fireEvent.change(within(dialog).getByLabelText('金额（元）'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '客服补偿' } });
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '活动补发' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '发放' }));
    await within(dialog).findByText('请输入大于 0 的金额，最多两位小数');
    expect(writes(r.calls)).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('金额（元）'), { target: { value: '88.00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '发放' }));
    await screen.findByText('已发放 88.00 元');
    const sent = writes(r.calls);
    expect(sent).toMatchObject([
      {
        path: '/admin/api/v1/members/42/grants',
        body: { amount: '88.00', title: '客服补偿', turnoverMultiple: 1, reason: '活动补发' },
      },
    ]);
    expect(sent[0]!.headers['X-Idempotency-Key']).toBeTruthy();
  });
});
