import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  findDialog,
  PAGE_TEST_TIMEOUT,
  renderPage,
  writes,
  type Answers,
} from '../test/render-page';
import { Page } from './mall-page';

const item = {
  id: 9,
  kind: 'physical',
  title: '保温杯',
  description: '',
  image: '',
  price: '500',
  stock: 10,
  value: '0',
  turnoverMultiple: 0,
  perMemberLimit: 1,
  startsAt: null,
  endsAt: null,
  active: true,
  sort: 2,
};

const redemption = {
  id: 21,
  memberId: 42,
  itemId: 9,
  kind: 'physical',
  title: '保温杯',
  price: '500',
  value: '0',
  status: 'pending',
  address: { name: '王小明', phone: '13800138000', address: '上海市黄浦区一号' },
  trackingNo: null,
  cancelReason: null,
  createdAt: 1,
  updatedAt: 1,
};

const platform: Answers = (c) => {
  if (c.path === '/admin/api/v1/mall/items')
    return { data: c.method === 'GET' ? { list: [item] } : item };
  if (c.path === '/admin/api/v1/mall/redemptions')
    return { data: { list: [redemption], total: 1, page: 1, pageSize: 20 } };
  if (c.path === '/admin/api/v1/mall/redemptions/21/cancel')
    return { data: { ...redemption, status: 'cancelled', cancelReason: '缺货' } };
  if (c.path === '/admin/api/v1/mall/points-rates')
    return {
      data: { list: [{ family: 'ZR', name: '真人', pointsPerYuan: '1' }], expireDays: 365 },
    };
  if (c.path === '/admin/api/v1/members/42/points/adjust')
    return { data: { reference: 'pa:42:1', points: '900' } };
  if (c.path === '/admin/api/v1/mall/redemptions/21/ship')
    return { data: { ...redemption, status: 'shipped', trackingNo: 'SF123456' } };
  return undefined;
};

describe('积分商城 page', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('sets an item’s stock by saving the whole item with the new stock', async () => {
    const r = renderPage(Page, { permissions: ['promo.manage'], answers: platform });
    const row = (await screen.findByText('保温杯')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '改库存' }));
    const dialog = await findDialog(/库存：保温杯/);
    fireEvent.change(within(dialog).getByLabelText('库存'), { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await screen.findByText('已保存');
    expect(writes(r.calls)).toMatchObject([
      { path: '/admin/api/v1/mall/items', body: { ...item, stock: 25 } },
    ]);
  });

  it('ships a pending redemption with a tracking number, refusing a malformed one', async () => {
    const r = renderPage(Page, { permissions: ['promo.manage'], answers: platform });
    fireEvent.click(await screen.findByRole('tab', { name: '兑换单' }));
    const row = (await screen.findByText(/王小明 13800138000/)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '发货' }));
    const dialog = await findDialog('发货');
    const tracking = within(dialog).getByLabelText('快递单号');
    fireEvent.change(tracking, { target: { value: 'SF 1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await within(dialog).findByText('4–40 位字母、数字或 -');
    expect(writes(r.calls)).toEqual([]);
    fireEvent.change(tracking, { target: { value: 'SF123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await screen.findByText('已发货');
    expect(writes(r.calls)).toMatchObject([
      { path: '/admin/api/v1/mall/redemptions/21/ship', body: { trackingNo: 'SF123456' } },
    ]);
  });

  it('cancels a pending redemption only with a reason', async () => {
    const r = renderPage(Page, { permissions: ['promo.manage'], answers: platform });
    fireEvent.click(await screen.findByRole('tab', { name: '兑换单' }));
    const row = (await screen.findByText(/王小明 13800138000/)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '取消' }));
    const dialog = await findDialog('取消兑换');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await within(dialog).findByText('请填写原因（200 字以内）');
    expect(writes(r.calls)).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '缺货' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await screen.findByText('已取消');
    expect(writes(r.calls)).toMatchObject([
      { path: '/admin/api/v1/mall/redemptions/21/cancel', body: { reason: '缺货' } },
    ]);
  });

  it('debits a member’s points with an idempotency key and shows the reference', async () => {
    const r = renderPage(Page, { permissions: ['promo.manage'], answers: platform });
    fireEvent.click(await screen.findByRole('tab', { name: '积分' }));
    expect(await screen.findByText('积分有效期：365 天')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('会员编号'), { target: { value: '42' } });
    fireEvent.click(screen.getByLabelText('扣减'));
    fireEvent.change(screen.getByLabelText('积分数量'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '误发' } });
    fireEvent.click(screen.getByRole('button', { name: '调整积分' }));
    await screen.findByText('已调整，参考号 pa:42:1，现积分 900');
    const [sent] = writes(r.calls);
    expect(sent).toMatchObject({
      path: '/admin/api/v1/members/42/points/adjust',
      body: { direction: 'debit', points: '100', reason: '误发' },
    });
    expect(sent?.headers['X-Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('steps up for money, resends with the same key, and shows a filed request as 待复核', async () => {
    let adjusts = 0;
    const r = renderPage(Page, {
      permissions: ['promo.manage'],
      answers: (c) => {
        // The first try asks for a fresh second factor; the second is above the threshold.
        if (c.path === '/admin/api/v1/members/42/points/adjust')
          return { code: adjusts++ === 0 ? 9600 : 9602 };
        if (c.path === '/admin/api/v1/me') return { data: { totpEnabled: true } };
        if (c.path === '/admin/api/v1/passkeys') return { data: { list: [] } };
        if (c.path === '/admin/api/v1/stepUp') return { data: {} };
        return platform(c);
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: '积分' }));
    fireEvent.change(await screen.findByLabelText('会员编号'), { target: { value: '42' } });
    fireEvent.change(screen.getByLabelText('积分数量'), { target: { value: '80000' } });
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '活动补发' } });
    fireEvent.click(screen.getByRole('button', { name: '调整积分' }));
    fireEvent.change(await screen.findByLabelText('两步验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    await screen.findByText(/^待复核：/);
    const sent = writes(r.calls).filter((c) => c.path.endsWith('/points/adjust'));
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual({ direction: 'credit', points: '80000', reason: '活动补发' });
    expect(sent[1]?.headers['X-Idempotency-Key']).toBe(sent[0]?.headers['X-Idempotency-Key']);
    expect(r.calls.find((c) => c.path === '/admin/api/v1/stepUp')?.body).toEqual({
      class: 'money',
      code: '123456',
    });
  });
});
