import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  findDialog,
  PAGE_TEST_TIMEOUT,
  renderPage,
  writes,
  type Answers,
} from '../test/render-page';
import { Page } from './activities-page';

const activity = {
  id: 5,
  kind: 'checkin',
  title: '每日签到',
  pictureUrl: '/static/a.png',
  rulesText: '每天签到',
  startsAt: Date.parse('2026-11-01T00:00:00+08:00'),
  endsAt: Date.parse('2026-12-31T00:00:00+08:00'),
  rule: { minDaily: '100.00', rewards: [{ days: 1, amount: '1.00' }], turnoverMultiple: 1 },
  eligibility: { requireRealName: false, minVipLevel: 0 },
  status: 'active',
  phase: 'running',
  createdAt: 1,
  updatedAt: 1,
  createdBy: 'op',
};

const platform: Answers = (c) => {
  if (c.method === 'GET' && c.path === '/admin/api/v1/activities')
    return { data: { list: [activity], total: 1, page: 1, pageSize: 20 } };
  if (c.method === 'POST') return { data: { ...activity, ...(c.body as object), id: 6 } };
  return undefined;
};

function fillNew(dialog: HTMLElement) {
  const field = (label: string) => within(dialog).getByLabelText(label);
  fireEvent.change(field('标题'), { target: { value: '首存送 10%' } });
  fireEvent.change(field('图片地址'), { target: { value: '/static/first.png' } });
  fireEvent.change(field('活动说明'), { target: { value: '首次存款可领' } });
  fireEvent.change(field('开始时间（北京时间）'), { target: { value: '2026-12-01T10:00' } });
  fireEvent.change(field('结束时间（北京时间）'), { target: { value: '2026-12-31T23:59' } });
}

describe('活动 page', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('lists activities and creates one with Shanghai times and the kind’s rule', async () => {
    const r = renderPage(Page, { permissions: ['promo.manage'], answers: platform });
    expect(await screen.findByText('每日签到')).toBeTruthy();
    expect(screen.getByText('签到')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /新建活动/ }));
    const dialog = await findDialog(/新建活动/);
    fillNew(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await screen.findByText('活动已保存');
    const [sent] = writes(r.calls);
    expect(sent?.path).toBe('/admin/api/v1/activities');
    expect(sent?.body).toMatchObject({
      kind: 'firstDeposit',
      title: '首存送 10%',
      startsAt: Date.parse('2026-12-01T10:00:00+08:00'),
      endsAt: Date.parse('2026-12-31T23:59:00+08:00'),
      rule: { percentBp: 1000, minDeposit: '100.00', cap: '888.00' },
      eligibility: { requireRealName: false, minVipLevel: 0 },
      status: 'active',
    });
  });

  it('refuses a rule its kind’s schema does not accept and sends nothing', async () => {
    const r = renderPage(Page, { permissions: ['promo.manage'], answers: platform });
    fireEvent.click(await screen.findByRole('button', { name: /新建活动/ }));
    const dialog = await findDialog(/新建活动/);
    fillNew(dialog);
    fireEvent.change(within(dialog).getByLabelText('奖励规则（JSON）'), {
      target: { value: '{"percentBp": 0}' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await within(dialog).findByText(/规则不符合「首存优惠」/);
    expect(writes(r.calls)).toEqual([]);
  });

  it('edits without the kind and ends an activity', async () => {
    const r = renderPage(Page, { permissions: ['promo.manage'], answers: platform });
    const row = (await screen.findByText('每日签到')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog(/编辑活动 #5/);
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '天天签到' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await screen.findByText('活动已保存');
    const [edit] = writes(r.calls);
    expect(edit?.path).toBe('/admin/api/v1/activities/5');
    expect(edit?.body).toMatchObject({ title: '天天签到', rule: activity.rule, status: 'active' });
    expect(edit?.body).not.toHaveProperty('kind');

    fireEvent.click(within(row).getByRole('button', { name: '结束' }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: '结束' }));
    await screen.findByText('已结束');
    expect(writes(r.calls)[1]?.path).toBe('/admin/api/v1/activities/5/end');
  });
});
