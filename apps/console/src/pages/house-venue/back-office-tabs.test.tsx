import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage, type Answers, type SentCall } from '../../test/render-page';
import { Page } from '../house-venue-page';

/**
 * The 玩家, 报表与审计 and 自营游戏 tabs of 自营场馆: each calls its proxied route with the
 * body the venue's schema takes and shows the answer as tables and descriptions, never JSON.
 */
const base = '/admin/api/v1/house-venue';
const bet = {
  betId: 'B100',
  status: 'settled',
  result: 'lost',
  stake: '50.00',
  potentialReturn: '95.00',
  payout: '0.00',
  oddsChangePolicy: 'none',
  legs: [{}],
  placedAt: 1_764_000_000_000,
  acceptAfter: null,
  settledAt: null,
  refuseCode: null,
};
const limits = {
  gameCode: 'K3',
  unitPrice: '2.00',
  maxMultiple: 100,
  maxStakePerBet: '2000.00',
  maxStakePerRound: '5000.00',
  maxPicksPerSlip: 20,
  liabilityCap: '88888.00',
};
const round = {
  gameCode: 'K3',
  roundNo: '123',
  chainId: 'c1',
  chainIndex: 77,
  status: 'open',
  opensAt: 1,
  sealAt: 2,
  drawAt: 3,
  paytableHash: 'ph',
  seed: null,
  outcome: null,
  voided: null,
};
const total = { bets: 3, stakes: '30.00', payouts: '20.00', validStakes: '30.00', ggr: '10.00' };
const gameReport = {
  gameCode: 'K3',
  date: '2026-11-26',
  rows: [{ betType: 'sum', name: '和值', ...total, rtpBp: 6667, statedRtpBp: 9700 }],
  total: { ...total, rtpBp: 6667, statedRtpBp: 9700 },
  voids: [{ cause: 'missed_seal', rounds: 2 }],
  voidedBets: 4,
};
const venue: Answers = (c) => {
  const answers: Record<string, unknown> = {
    '/players/view': { balance: '10.00', debt: '25.50', bets: [bet] },
    '/players/debt/write-off': { balance: '10.00', debt: '0.00', writtenOff: '25.50' },
    '/reports/daily': {
      date: '2026-11-26',
      rows: [{ sport: 'football', bets: 9, stakes: '900.00', payouts: '700.00', ggr: '200.00' }],
    },
    '/audit/list': {
      list: [
        {
          id: 3,
          operator: 'nb/alice',
          action: 'bet.void',
          target: 'B7',
          detail: { reason: '重复' },
          at: 1,
        },
      ],
      page: 1,
      pageSize: 20,
      total: 1,
      next: null,
    },
    '/games/rounds/list': { list: [], page: 1, pageSize: 20, total: 0, next: null },
    '/reports/daily/list': { list: [], page: 1, pageSize: 20, total: 0, next: null },
    '/games': { games: [{ gameCode: 'K3', name: '快三', status: 'open', roundsLeft: 9000 }] },
    '/games/list': {
      list: [{ gameCode: 'K3', name: '快三', family: 'CP', status: 'open', roundsLeft: 9000 }],
      page: 1,
      pageSize: 20,
      total: 1,
      next: null,
    },
    '/games/chains/publish': {
      chainId: 'c2',
      gameCode: 'K3',
      length: 10000,
      commitment: 'abc123',
      publishedAt: 5,
    },
    '/games/rounds/view': round,
    '/games/limits': limits,
    '/games/limits/update': { ...limits, unitPrice: '3.00' },
    '/games/reports/daily': gameReport,
  };
  if (c.path === `${base}/games/rounds/void`) return { code: 9602 };
  const data = answers[c.path.slice(base.length)];
  return data === undefined ? undefined : { data };
};
const sent = (calls: readonly SentCall[], path: string) =>
  calls.filter((c) => c.path === `${base}${path}`).map((c) => c.body);
const section = (title: string) => screen.getByText(title).closest('section')!;
const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('自营场馆 back-office tabs', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('looks a player up and writes their debt off', async () => {
    const r = renderPage(Page, { permissions: ['venue.manage'], answers: venue });
    fireEvent.click(await screen.findByText('玩家'));
    const panel = (await screen.findByText('玩家查询')).closest('section')!;
    type(panel, '商户', 'ACME');
    type(panel, '场馆代码', 'HOUSE');
    type(panel, '玩家 ID', 'p42');
    fireEvent.click(within(panel).getByText('查询玩家'));
    expect((await within(panel).findByText('B100')).closest('tr')?.textContent).toContain('输');
    expect(within(panel).getByText('25.50')).toBeTruthy();
    type(panel, '核销原因', '坏账核销');
    fireEvent.click(within(panel).getByText('核销欠款'));
    expect(await within(panel).findByText('核销结果')).toBeTruthy();
    const player = { merchant: 'ACME', venueCode: 'HOUSE', playerId: 'p42' };
    expect(sent(r.calls, '/players/debt/write-off')).toEqual([{ ...player, reason: '坏账核销' }]);
    // The debt changed: the player is read again.
    await waitFor(() => expect(sent(r.calls, '/players/view')).toEqual([player, player]));
  });

  it('shows the daily report and the audit as tables; the audit only with venue.manage', async () => {
    const r = renderPage(Page, { permissions: ['venue.results', 'venue.manage'], answers: venue });
    fireEvent.click(await screen.findByText('报表与审计'));
    expect((await screen.findByText('足球')).closest('tr')?.textContent).toContain('200.00');
    expect((await screen.findByText('nb/alice')).closest('tr')?.textContent).toContain(
      'reason: 重复',
    );
    expect(sent(r.calls, '/reports/daily')[0]).toMatchObject({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
    });
    expect(sent(r.calls, '/audit/list')).toEqual([{ page: 1, pageSize: 20 }]);
    r.unmount();

    const only = renderPage(Page, { permissions: ['venue.results'], answers: venue });
    fireEvent.click(await screen.findByText('报表与审计'));
    expect(await screen.findByText('足球')).toBeTruthy();
    expect(screen.queryByText('场馆操作日志')).toBeNull();
    expect(sent(only.calls, '/audit/list')).toEqual([]);
  });

  it('lists the games, publishes a chain, looks a round up, voids it and sets limits', async () => {
    const r = renderPage(Page, { permissions: ['venue.games'], answers: venue });
    const list = (await screen.findByText('游戏列表')).closest('section')!;
    expect((await within(list).findByText('快三')).closest('tr')?.textContent).toContain('9000');
    fireEvent.click(within(list).getByText('发布新种子链'));
    expect(await within(list).findByText('abc123')).toBeTruthy();
    expect(sent(r.calls, '/games/chains/publish')).toEqual([{ gameCode: 'K3' }]);

    const rounds = section('期号（K3）');
    type(rounds, '期号', '123');
    fireEvent.click(within(rounds).getByText('查询期号'));
    expect(await within(rounds).findByText('期号详情')).toBeTruthy();
    expect(within(rounds).getByText('77')).toBeTruthy();
    type(rounds, '期号作废原因', '开奖异常');
    fireEvent.click(within(rounds).getByText('作废第 123 期'));
    expect(await within(rounds).findByText(/^待复核/)).toBeTruthy();
    expect(sent(r.calls, '/games/rounds/void')).toEqual([
      { gameCode: 'K3', roundNo: '123', reason: '开奖异常' },
    ]);

    const limitsPanel = section('游戏限额（K3）');
    expect(await within(limitsPanel).findByText('88888.00')).toBeTruthy();
    type(limitsPanel, '新单价（元）', '3.00');
    type(limitsPanel, '修改原因', '调整单价');
    fireEvent.click(within(limitsPanel).getByText('保存限额'));
    expect(await screen.findByText('游戏限额已保存')).toBeTruthy();
    expect(sent(r.calls, '/games/limits/update')).toEqual([
      { gameCode: 'K3', unitPrice: '3.00', reason: '调整单价' },
    ]);

    const report = section('游戏日报（K3）');
    expect((await within(report).findByText('和值')).closest('tr')?.textContent).toContain(
      '66.67%',
    );
    expect(within(report).getByText('未按时封盘 2 期')).toBeTruthy();
  });
});
