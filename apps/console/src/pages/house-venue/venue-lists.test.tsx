import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage, type Answers, type SentCall } from '../../test/render-page';
import { Page } from '../house-venue-page';

/**
 * The venue's lists on 自营场馆 (contract §6 "Lists"): each table is paged by the venue (page
 * and size sent, its count shown), its filter bar sends only what was filled in and goes back
 * to page 1, and 导出 CSV fetches the platform's export with the same filters.
 */
const base = '/admin/api/v1/house-venue';
const bet = (i: number) => ({
  betId: `B${i}`,
  merchant: 'NEBULA',
  venueCode: 'HOUSE_TY',
  playerId: 'p42',
  status: 'settled',
  result: 'lost',
  stake: '50.00',
  payout: '0.00',
  legs: 1,
  eventName: '红队 vs 蓝队',
  marketLabel: '全场 独赢',
  gameCode: null,
  roundNo: null,
  placedAt: 1_764_000_000_000,
  settledAt: 1_764_000_100_000,
});
const event = {
  eventId: 'E7',
  sport: 'football',
  leagueId: 'L1',
  home: '红队',
  away: '蓝队',
  startsAt: 1_764_000_000_000,
  status: 'scheduled',
  score: { home: 0, away: 0 },
  held: true,
  heldMarkets: ['E7:ft:ah'],
  resultSource: 'feed',
  bets: 12,
  openBets: 5,
};
const round = {
  gameCode: 'K3',
  roundNo: '20261127001',
  chainId: 'c1',
  chainIndex: 9,
  status: 'voided',
  opensAt: 1,
  drawAt: 2,
  voidCause: 'missed_seal',
  bets: 3,
  stakes: '30.00',
  payouts: '0.00',
  ggr: '30.00',
};
const page = (list: unknown[], total: number, c: SentCall) => ({
  data: { list, total, page: (c.body as { page: number }).page, pageSize: 20, next: null },
});
const venue: Answers = (c) => {
  if (c.path === `${base}/bets/list`) {
    const p = (c.body as { page: number }).page;
    return page(p === 1 ? [bet(1), bet(2)] : [bet(21)], 45, c);
  }
  if (c.path === `${base}/events/list`) return page([event], 1, c);
  if (c.path === `${base}/games/rounds/list`) return page([round], 1, c);
  if (c.path === `${base}/games`) return { data: { games: [{ gameCode: 'K3', name: '快三' }] } };
  if (c.path === `${base}/audit/list`)
    return page(
      [{ id: 9, operator: 'nb/alice', action: 'bet.void', target: 'B7', detail: {}, at: 1 }],
      1,
      c,
    );
  if (c.path === `${base}/players/list`)
    return page(
      [
        {
          merchant: 'NEBULA',
          venueCode: 'HOUSE_TY',
          playerId: 'p42',
          balance: '10.00',
          debt: '5.50',
          bets: 7,
          lastBetAt: null,
        },
      ],
      1,
      c,
    );
  if (c.path === `${base}/reports/daily/list`)
    return page(
      [
        {
          date: '2026-11-20',
          sport: 'parlay',
          bets: 4,
          stakes: '400.00',
          payouts: '100.00',
          ggr: '300.00',
        },
      ],
      1,
      c,
    );
  if (c.path === `${base}/games/list`)
    return page(
      [{ gameCode: 'BAC1', name: '经典百家乐', family: 'ZR', status: 'closed', roundsLeft: 0 }],
      1,
      c,
    );
  if (c.path === `${base}/reports/daily`) return { data: { date: '2026-11-26', rows: [] } };
  return undefined;
};
const bodies = (calls: readonly SentCall[], path: string) =>
  calls.filter((c) => c.path === `${base}${path}`).map((c) => c.body);
const panel = async (title: string) => (await screen.findByText(title)).closest('section')!;

/** The export requests made (a download goes through the global fetch, not the client). */
function captureDownloads(): URL[] {
  const seen: URL[] = [];
  vi.stubGlobal('fetch', (input: string) => {
    seen.push(new URL(input, 'http://console.test'));
    return Promise.resolve(
      new Response('\uFEFF注单号\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    );
  });
  return seen;
}
afterEach(() => vi.unstubAllGlobals());

describe('自营场馆 lists', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('pages the bets by the venue, filters them and exports what the filters select', async () => {
    const seen = captureDownloads();
    const r = renderPage(Page, { permissions: ['venue.results'], answers: venue });
    fireEvent.click(await screen.findByText('注单处理'));
    const list = await panel('注单列表');
    expect((await within(list).findByText('B1')).closest('tr')?.textContent).toContain('输');
    expect(within(list).getByText('共 45 条')).toBeTruthy();
    expect(bodies(r.calls, '/bets/list')).toEqual([{ page: 1, pageSize: 20 }]);

    fireEvent.click(within(list).getByTitle('2'));
    expect(await within(list).findByText('B21')).toBeTruthy();
    expect(bodies(r.calls, '/bets/list').at(-1)).toEqual({ page: 2, pageSize: 20 });

    fireEvent.change(within(list).getByLabelText('按玩家 ID'), { target: { value: ' p42 ' } });
    fireEvent.change(within(list).getByLabelText('按赛事 ID'), { target: { value: 'E7' } });
    fireEvent.click(within(list).getByText('筛选'));
    await waitFor(() =>
      expect(bodies(r.calls, '/bets/list').at(-1)).toEqual({
        playerId: 'p42',
        eventId: 'E7',
        page: 1,
        pageSize: 20,
      }),
    );

    fireEvent.click(within(list).getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.pathname).toBe('/admin/api/v1/exports/house-venue/bets');
    expect(Object.fromEntries(seen[0]!.searchParams)).toEqual({ playerId: 'p42', eventId: 'E7' });
  });

  it('lists the events with their held markets', async () => {
    const r = renderPage(Page, { permissions: ['venue.results'], answers: venue });
    const list = await panel('赛事列表');
    const row = (await within(list).findByText('E7')).closest('tr')!;
    expect(row.textContent).toContain('红队 vs 蓝队');
    expect(row.textContent).toContain('整场暂停');
    expect(row.textContent).toContain('E7:ft:ah');
    expect(bodies(r.calls, '/events/list')).toEqual([{ page: 1, pageSize: 20 }]);
  });

  it('lists the rounds under venue.games only; the bets list is not asked for', async () => {
    const r = renderPage(Page, { permissions: ['venue.games'], answers: venue });
    const list = await panel('期号列表');
    const row = (await within(list).findByText('20261127001')).closest('tr')!;
    expect(row.textContent).toContain('未按时封盘');
    expect(row.textContent).toContain('c1 #9');
    expect(screen.queryByText('注单处理')).toBeNull();
    expect(bodies(r.calls, '/bets/list')).toEqual([]);
  });

  it('lists the players with their debts and filters them by id', async () => {
    const r = renderPage(Page, { permissions: ['venue.manage'], answers: venue });
    fireEvent.click(await screen.findByText('玩家'));
    const list = await panel('玩家列表');
    expect((await within(list).findByText('p42')).closest('tr')?.textContent).toContain('5.50');
    fireEvent.change(within(list).getByLabelText('玩家 ID 开头'), { target: { value: 'p4' } });
    fireEvent.click(within(list).getByText('筛选'));
    await waitFor(() =>
      expect(bodies(r.calls, '/players/list').at(-1)).toEqual({
        playerId: 'p4',
        page: 1,
        pageSize: 20,
      }),
    );
  });

  it('shows the daily report over the last seven days by default, exportable', async () => {
    const seen = captureDownloads();
    const r = renderPage(Page, { permissions: ['venue.results'], answers: venue });
    fireEvent.click(await screen.findByText('报表与审计'));
    const list = await panel('体育日报（区间）');
    expect((await within(list).findByText('2026-11-20')).closest('tr')?.textContent).toContain(
      '串关',
    );
    const [sent] = bodies(r.calls, '/reports/daily/list') as { from: string; to: string }[];
    expect(sent).toMatchObject({ page: 1, pageSize: 20 });
    expect(Date.parse(sent!.to) - Date.parse(sent!.from)).toBe(6 * 86_400_000);
    fireEvent.click(within(list).getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.pathname).toBe('/admin/api/v1/exports/house-venue/daily-reports');
    expect(seen[0]!.searchParams.get('from')).toBe(sent!.from);
  });

  it('lists the games by the venue, filters and exports them; the pickers keep every game', async () => {
    const seen = captureDownloads();
    const r = renderPage(Page, { permissions: ['venue.games'], answers: venue });
    const list = await panel('游戏列表');
    const row = (await within(list).findByText('BAC1')).closest('tr')!;
    expect(row.textContent).toContain('真人');
    expect(row.textContent).toContain('关闭');
    expect(bodies(r.calls, '/games/list')).toEqual([{ page: 1, pageSize: 20 }]);
    fireEvent.change(within(list).getByLabelText('游戏代码或名称'), { target: { value: 'BAC' } });
    fireEvent.click(within(list).getByText('筛选'));
    await waitFor(() =>
      expect(bodies(r.calls, '/games/list').at(-1)).toEqual({ q: 'BAC', page: 1, pageSize: 20 }),
    );
    fireEvent.click(within(list).getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.pathname).toBe('/admin/api/v1/exports/house-venue/games');
    expect(Object.fromEntries(seen[0]!.searchParams)).toEqual({ q: 'BAC' });
    // The game panels follow the first of every game (K3), not of the page shown (BAC1).
    expect(bodies(r.calls, '/games')).toEqual([{}]);
    expect(await screen.findByText('期号（K3）')).toBeTruthy();
  });

  it('filters the venue’s audit by operator', async () => {
    const r = renderPage(Page, { permissions: ['venue.manage'], answers: venue });
    fireEvent.click(await screen.findByText('报表与审计'));
    const list = await panel('场馆操作日志');
    expect((await within(list).findByText('nb/alice')).closest('tr')?.textContent).toContain(
      'bet.void',
    );
    fireEvent.change(within(list).getByLabelText('操作人'), { target: { value: 'alice' } });
    fireEvent.click(within(list).getByText('筛选'));
    await waitFor(() =>
      expect(bodies(r.calls, '/audit/list').at(-1)).toEqual({
        operator: 'alice',
        page: 1,
        pageSize: 20,
      }),
    );
  });
});
