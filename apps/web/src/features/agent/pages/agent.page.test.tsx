import type { AgentStatus, AgentSummary } from '@nebula/protocol/api/agent/agent.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
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

function serve(status: AgentStatus, apply?: () => Promise<never>) {
  return vi.spyOn(api, 'call').mockImplementation((name: string) => {
    if (name === 'agentStatus') return Promise.resolve(status);
    if (name === 'agentApply') return apply ? apply() : Promise.resolve(status);
    if (name === 'agentSummary') return Promise.resolve(summary);
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
});
