import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage, type Answers } from '../test/render-page';
import { Page } from './reports-page';

const totals = {
  deposits: '150.00',
  depositCount: 2,
  withdrawals: '40.00',
  withdrawCount: 1,
  bets: 3,
  stakes: '450.00',
  payouts: '200.00',
  ggr: '250.00',
  bonuses: '17.00',
  ngr: '233.00',
  newMembers: 1,
  activeMembers: 1,
};
const takings = (stakes: string, ggr: string, bonuses: string, ngr: string) => ({
  bets: 1,
  stakes,
  payouts: '0.00',
  ggr,
  bonuses,
  ngr,
});
const report = {
  from: '2026-03-10',
  to: '2026-03-10',
  days: [{ date: '2026-03-10', ...totals }],
  venues: [
    {
      date: '2026-03-10',
      family: 'CP',
      venueCode: 'RPTB',
      venueName: '彩票馆',
      ...takings('50.00', '50.00', '1.11', '48.89'),
    },
    {
      date: '2026-03-10',
      family: 'TY',
      venueCode: 'RPTA',
      venueName: '体育馆',
      ...takings('400.00', '200.00', '8.89', '191.11'),
    },
  ],
  families: [
    { date: '2026-03-10', family: 'CP', ...takings('50.00', '50.00', '1.11', '48.89') },
    { date: '2026-03-10', family: 'TY', ...takings('400.00', '200.00', '8.89', '191.11') },
  ],
  total: totals,
  unallocatedBonuses: '7.00',
};
const platform: Answers = (c) =>
  c.path === '/admin/api/v1/reports/daily' ? { data: report } : undefined;

function captureDownloads(): URL[] {
  const seen: URL[] = [];
  vi.stubGlobal('fetch', (input: string) => {
    seen.push(new URL(input, 'http://console.test'));
    return Promise.resolve(
      new Response('\uFEFF日期\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    );
  });
  return seen;
}
afterEach(() => vi.unstubAllGlobals());

describe('报表 page', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('shows the days, then NGR per family and per venue, and the unallocated bonuses', async () => {
    renderPage(Page, { permissions: ['report.read'], answers: platform });
    // The day's NGR, and the total's.
    expect(await screen.findAllByText('233.00')).toHaveLength(2);
    expect(screen.getByText(/未分摊红利 7.00 元/)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '按类别' }));
    expect(await screen.findByText('彩票（CP）')).toBeTruthy();
    expect(screen.getAllByText('191.11').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('tab', { name: '按场馆' }));
    expect(await screen.findByText('体育馆')).toBeTruthy();
    // Without report.export there is no export button.
    expect(screen.queryByRole('button', { name: /导出 CSV/ })).toBeNull();
  });

  it('filters by family and venue, and each export carries the filters', async () => {
    const seen = captureDownloads();
    const r = renderPage(Page, {
      permissions: ['report.read', 'report.export'],
      answers: platform,
    });
    await screen.findAllByText('233.00');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '类别' }));
    fireEvent.click(await screen.findByTitle('体育（TY）'));
    await waitFor(() => expect(r.calls.some((c) => c.query.get('family') === 'TY')).toBe(true));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '场馆' }));
    fireEvent.click(await screen.findByTitle('体育馆（RPTA）'));
    await waitFor(() =>
      expect(r.calls.some((c) => c.query.get('venueCode') === 'RPTA')).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: '导出 CSV（按类别）' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.pathname).toBe('/admin/api/v1/exports/report');
    expect(Object.fromEntries(seen[0]!.searchParams)).toMatchObject({
      view: 'families',
      family: 'TY',
      venueCode: 'RPTA',
    });
  });
});
