import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  findDialog,
  PAGE_TEST_TIMEOUT,
  renderPage,
  writes,
  type Answers,
} from '../test/render-page';
import { Page } from './agents-page';

const application = {
  id: 3,
  memberId: 42,
  userName: 'agentbob',
  status: 'pending',
  contact: 'qq 12345',
  note: '',
  createdAt: 1,
  decidedAt: null,
  reason: null,
};

const statement = {
  month: '202610',
  stakes: '1000.00',
  payouts: '800.00',
  grants: '0.00',
  rebates: '0.00',
  deposits: '500.00',
  feeRatePercent: '0',
  fees: '0.00',
  ngr: '200.00',
  members: 5,
  active: 3,
  activeMinTurnover: '100.00',
  carryIn: '0.00',
  net: '200.00',
  carryOut: '0.00',
  ratePercent: '30',
  subDeduction: '0.00',
  computed: '60.00',
  amount: '60.00',
  agentId: 42,
  agentName: 'agentbob',
  status: 'pending',
  createdAt: 1,
  decidedAt: null,
};

const rules = {
  tiers: [
    { minActive: 0, minNgr: '0.00', ratePercent: '25' },
    { minActive: 5, minNgr: '10000.00', ratePercent: '35' },
  ],
  feeRatePercent: '10',
  activeMinTurnover: '100.00',
  turnoverMultiple: 1,
};

const page = (list: unknown[]) => ({ data: { list, total: list.length, page: 1, pageSize: 20 } });

const platform: Answers = (c) => {
  if (c.path === '/admin/api/v1/agent/applications') return page([application]);
  if (c.path === '/admin/api/v1/agent/applications/3/decide')
    return { data: { ...application, status: 'approved' } };
  if (c.path === '/admin/api/v1/agent/statements') return page([statement]);
  if (c.path === '/admin/api/v1/agent/statements/run')
    return { data: { month: '202610', statements: 4 } };
  if (c.path === '/admin/api/v1/agent/rules') return { data: c.method === 'GET' ? rules : c.body };
  if (c.path.startsWith('/admin/api/v1/agent/statements/42/202610/'))
    return { data: { ...statement, status: 'paid' } };
  return undefined;
};

const ALL = ['agent.manage', 'agent.commission.approve'];

describe('代理 page', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('approves a pending application', async () => {
    const r = renderPage(Page, { permissions: ALL, answers: platform });
    const row = (await screen.findByText('qq 12345')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '通过' }));
    const dialog = await findDialog('通过代理申请');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await screen.findByText('已通过');
    expect(writes(r.calls)).toMatchObject([
      { path: '/admin/api/v1/agent/applications/3/decide', body: { approve: true } },
    ]);
  });

  it('a rejection needs a reason', async () => {
    const r = renderPage(Page, { permissions: ALL, answers: platform });
    const row = (await screen.findByText('qq 12345')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '拒绝' }));
    const dialog = await findDialog('拒绝代理申请');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await within(dialog).findByText('请填写原因（200 字以内）');
    expect(writes(r.calls)).toEqual([]);
  });

  it('adjusts a month’s amount with a reason, then pays it with an idempotency key', async () => {
    const r = renderPage(Page, { permissions: ALL, answers: platform });
    fireEvent.click(await screen.findByRole('tab', { name: '佣金报表' }));
    const row = (await screen.findByText('202610')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '调整金额' }));
    const dialog = await findDialog(/调整佣金/);
    fireEvent.change(within(dialog).getByLabelText('佣金（元）'), { target: { value: '55.00' } });
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '扣除违规' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await screen.findByText('已保存');
    fireEvent.click(within(row).getByRole('button', { name: '发放' }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: '发放' }));
    await screen.findByText('已发放');
    const [adjust, pay] = writes(r.calls);
    expect(adjust).toMatchObject({
      path: '/admin/api/v1/agent/statements/42/202610/amount',
      body: { amount: '55.00', reason: '扣除违规' },
    });
    expect(pay?.path).toBe('/admin/api/v1/agent/statements/42/202610/approve');
    expect(pay?.headers['X-Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('without the approving permission a statement offers neither adjust nor pay', async () => {
    renderPage(Page, { permissions: ['agent.manage'], answers: platform });
    fireEvent.click(await screen.findByRole('tab', { name: '佣金报表' }));
    await screen.findByText('202610');
    expect(screen.queryByRole('button', { name: '调整金额' })).toBeNull();
    expect(screen.queryByRole('button', { name: '发放' })).toBeNull();
  });

  it('generates a month’s statements', async () => {
    const r = renderPage(Page, { permissions: ALL, answers: platform });
    fireEvent.click(await screen.findByRole('tab', { name: '佣金报表' }));
    fireEvent.change(await screen.findByLabelText('月份'), { target: { value: '202610' } });
    fireEvent.click(screen.getByRole('button', { name: '生成报表' }));
    await screen.findByText('已生成 202610 报表 4 份');
    expect(writes(r.calls)).toMatchObject([
      { path: '/admin/api/v1/agent/statements/run', body: { month: '202610' } },
    ]);
  });

  it('saves the commission rules with every tier', async () => {
    const r = renderPage(Page, { permissions: ALL, answers: platform });
    fireEvent.click(await screen.findByRole('tab', { name: '佣金规则与上级' }));
    const rate = await screen.findByLabelText('第 2 档佣金比例');
    await waitFor(() => expect((rate as HTMLInputElement).value).toBe('35'));
    fireEvent.change(rate, { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: '保存规则' }));
    await screen.findByText('已保存');
    expect(writes(r.calls)).toMatchObject([
      {
        path: '/admin/api/v1/agent/rules',
        body: { ...rules, tiers: [rules.tiers[0], { ...rules.tiers[1], ratePercent: '40' }] },
      },
    ]);
  });
});
