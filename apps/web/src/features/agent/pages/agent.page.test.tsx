import type {
  AgentStatus,
  AgentSummary,
  CommissionStatement,
  DownlinePage,
} from '@nebula/protocol/api/agent/agent.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { api } from '../../../client/api';
import { BusinessError } from '../../../lib/api-errors';
import { resetSessionStore, useSessionStore } from '../../../session/session.store';
import { AgentPage } from './agent.page';

const figures = {
  month: '202611',
  stakes: '5050.00',
  payouts: '1500.00',
  grants: '100.00',
  rebates: '30.00',
  deposits: '1500.00',
  feeRatePercent: '1',
  fees: '15.00',
  ngr: '3405.00',
  members: 4,
  active: 2,
  activeMinTurnover: '100.00',
  carryIn: '0.00',
  net: '3405.00',
  carryOut: '0.00',
  ratePercent: '20',
  subDeduction: '196.50',
  computed: '484.50',
  amount: '484.50',
};
const summary: AgentSummary = {
  running: figures,
  rules: {
    tiers: [{ minActive: 1, minNgr: '0.00', ratePercent: '15' }],
    feeRatePercent: '1',
    activeMinTurnover: '100.00',
    turnoverMultiple: 0,
  },
  directCount: 1,
  allCount: 1,
};

/** A past month that carried a loss in and paid: every input as the server stores it. */
const statement: CommissionStatement = {
  ...figures,
  month: '202610',
  ngr: '6000.00',
  carryIn: '-4900.00',
  net: '1100.00',
  ratePercent: '10',
  subDeduction: '0.00',
  computed: '110.00',
  amount: '110.00',
  agentId: 7,
  agentName: 'agent7',
  status: 'paid',
  createdAt: 1,
  decidedAt: 2,
};
const downline: DownlinePage = {
  list: [
    {
      userName: 'sub1',
      depth: 1,
      isAgent: true,
      registeredAt: Date.UTC(2026, 9, 3, 2),
      deposits: '1000.00',
      validTurnover: '2500.00',
      active: true,
    },
    {
      userName: 'leaf1',
      depth: 2,
      isAgent: false,
      registeredAt: Date.UTC(2026, 9, 4, 20),
      deposits: '0.00',
      validTurnover: '50.00',
      active: false,
    },
  ],
  page: 1,
  pageSize: 20,
  total: 2,
};

function serve(status: AgentStatus, apply?: () => Promise<never>, withData = false) {
  return vi.spyOn(api, 'call').mockImplementation((name: string) => {
    if (name === 'agentStatus') return Promise.resolve(status);
    if (name === 'agentApply') return apply ? apply() : Promise.resolve(status);
    if (name === 'agentSummary') return Promise.resolve(summary);
    if (withData && name === 'agentStatements')
      return Promise.resolve({ list: [statement], page: 1, pageSize: 20, total: 1 });
    if (withData && name === 'agentDownline') return Promise.resolve(downline);
    return Promise.resolve({ list: [], page: 1, pageSize: 20, total: 0 });
  });
}

function renderAgent() {
  const router = createMemoryRouter(
    [
      { path: '/agent', Component: AgentPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    { initialEntries: ['/agent'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  vi.restoreAllMocks();
  resetSessionStore();
});

describe('/agent', () => {
  it('asks a visitor to log in and comes back here', async () => {
    serve({ application: null, agent: null });
    const router = renderAgent();
    fireEvent.click(await screen.findByRole('button', { name: '登录后申请' }));
    expect(router.state.location.pathname).toBe('/user/login');
    expect(router.state.location.search).toBe('?redirect=%2Fagent');
  });

  it('shows the server refusal of a second application in Chinese', async () => {
    useSessionStore.setState({ token: 'session-token' });
    serve({ application: null, agent: null }, () =>
      Promise.reject(new BusinessError(9500, '已申请或已是代理')),
    );
    renderAgent();
    fireEvent.change(await screen.findByLabelText('联系方式'), { target: { value: 'QQ 1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(await screen.findByText('已申请或已是代理')).toBeTruthy();
  });

  it('gives an agent the link, the running figures and the rules', async () => {
    useSessionStore.setState({ token: 'session-token' });
    serve({ application: null, agent: { code: 'AB12CD34', approvedAt: 1 } });
    renderAgent();
    expect(await screen.findByTestId('agent-link')).toHaveProperty(
      'textContent',
      `${window.location.origin}/user/register?agent_verify=AB12CD34`,
    );
    expect(await screen.findByText('本月实时数据（2026-11）')).toBeTruthy();
    expect(screen.getAllByText('484.50', { selector: '.nb-money' })).toHaveLength(2);
    expect(screen.getByTestId('agent-tiers').textContent).toContain('15%');
  });

  it('lists the downline with its facts and opens a past statement on its inputs', async () => {
    useSessionStore.setState({ token: 'session-token' });
    serve({ application: null, agent: { code: 'AB12CD34', approvedAt: 1 } }, undefined, true);
    renderAgent();
    const rows = (await screen.findByTestId('agent-downline')).querySelectorAll('li');
    expect(rows).toHaveLength(2);
    // Registration date (Shanghai), deposits to date, this month's valid turnover, active or not.
    expect(rows[0]!.textContent).toContain('sub1');
    expect(rows[0]!.textContent).toContain('代理');
    expect(rows[0]!.textContent).toContain('注册 2026-10-03');
    expect(rows[0]!.textContent).toContain('1,000.00');
    expect(rows[0]!.textContent).toContain('2,500.00');
    expect(rows[0]!.textContent).toContain('有效');
    expect(rows[1]!.textContent).toContain('注册 2026-10-05');
    expect(rows[1]!.textContent).toContain('未达标');
    // The statement's row, then its inputs: the carried loss, the net and the amount paid.
    const head = await screen.findByText('2026-10');
    expect(screen.getByText('已发放')).toBeTruthy();
    fireEvent.click(head);
    const card = screen.getByRole('region', { name: '佣金报表' });
    const panel = (await within(card).findByText('上月结转')).closest('dl')!;
    const value = (label: string) =>
      [...panel.querySelectorAll('.nb-kv__row')]
        .find((r) => r.querySelector('dt')?.textContent === label)
        ?.querySelector('dd')?.textContent;
    expect(value('净盈利')).toBe('+6,000.00');
    expect(value('上月结转')).toBe('-4,900.00');
    expect(value('可计佣净盈利')).toBe('+1,100.00');
    expect(value('佣金比例')).toBe('10%');
    expect(value('应发佣金')).toBe('110.00');
  }, 20_000);
});
