import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage, type Answers } from '../test/render-page';
import { Page } from './dashboard-page';

const Routed = () => (
  <MemoryRouter>
    <Page />
  </MemoryRouter>
);

const takings = { bets: 2, stakes: '400.00', payouts: '200.00', ggr: '200.00' };
const dashboard = {
  date: '2026-03-10',
  today: {
    deposits: '150.00',
    depositCount: 2,
    withdrawals: '40.00',
    withdrawCount: 1,
    bets: 2,
    stakes: '400.00',
    payouts: '200.00',
    ggr: '200.00',
    bonuses: '10.00',
    ngr: '190.00',
    newMembers: 1,
    activeMembers: 1,
  },
  families: [{ family: 'TY', ...takings, bonuses: '10.00', ngr: '190.00' }],
  venues: [
    {
      family: 'TY',
      venueCode: 'RPTA',
      venueName: '体育馆',
      ...takings,
      bonuses: '10.00',
      ngr: '190.00',
    },
  ],
  pending: {
    realNameReviews: 1,
    depositsToConfirm: 2,
    withdrawalsToReview: 3,
    approvalsPending: 4,
    transfersStuck: 5,
    agentApplications: 6,
    feedbackToReply: 7,
  },
};
const platform: Answers = (c) => {
  if (c.path === '/admin/api/v1/dashboard') return { data: dashboard };
  if (c.path === '/admin/api/v1/members')
    return { data: { list: [], total: 9, page: 1, pageSize: 1 } };
  return undefined;
};

const QUEUES: [string, number, string][] = [
  ['待复核（四眼）', 4, '/approvals'],
  ['待审核取款', 3, '/withdrawals'],
  ['待确认存款', 2, '/deposits'],
  ['处理中的场馆转账', 5, '/transfers'],
  ['待审核实名', 1, '/real-name'],
  ['待审核代理申请', 6, '/agents'],
  ['待回复意见反馈', 7, '/content'],
];

describe('今日概览 page', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('shows every queue with its count and a link, and GGR per venue', async () => {
    renderPage(Routed, { permissions: ['report.read', 'withdraw.review'], answers: platform });
    const venues = await screen.findByRole('table', { name: '各场馆今日数据' });
    expect(within(venues).getByText('体育馆（RPTA）')).toBeTruthy();
    expect(within(venues).getByText('190.00')).toBeTruthy();
    for (const [label, count, to] of QUEUES) {
      const title = screen.getByText(label);
      // The figure: its title, then its value, in one box.
      const box = title.parentElement!;
      expect(within(box).getByText(String(count))).toBeTruthy();
      const link = title.closest('a');
      // Only the queues the operator may open link to their page (every operator may open the
      // approvals list: it shows the requests they may decide).
      if (to === '/withdrawals' || to === '/approvals') expect(link?.getAttribute('href')).toBe(to);
      else expect(link).toBeNull();
    }
  });
});
