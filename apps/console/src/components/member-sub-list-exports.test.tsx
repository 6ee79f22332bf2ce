import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage, type Answers } from '../test/render-page';
import { MemberDevices, MemberLogins, MemberNotes } from './member-activity';
import { MemberGrants } from './member-grants';
import { MemberBets, MemberLedger } from './member-records';

/**
 * The 导出 CSV button of each member detail sub-list: shown only to an operator whose role
 * holds the export's permission (the route table's), and it fetches the export of this
 * member with the list's current filters.
 */
const empty = { list: [], total: 0, page: 1, pageSize: 20 };
const platform: Answers = (c) =>
  c.path.startsWith('/admin/api/v1/members/42/')
    ? { data: { ...empty, totals: null, dayTotals: [] } }
    : undefined;

/** The export requests the button made (global fetch: a download is not the admin client). */
function captureDownloads(): URL[] {
  const seen: URL[] = [];
  vi.stubGlobal('fetch', (input: string) => {
    seen.push(new URL(input, 'http://console.test'));
    return Promise.resolve(
      new Response('\uFEFF编号\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    );
  });
  return seen;
}
afterEach(() => vi.unstubAllGlobals());

const CASES: [string, ComponentType, string, string, Record<string, string>][] = [
  [
    '账变记录',
    () => <MemberLedger memberId={42} />,
    'member.read',
    'member-ledger',
    { asset: 'CNY' },
  ],
  ['注单', () => <MemberBets memberId={42} />, 'member.read', 'member-bets', {}],
  ['登录记录', () => <MemberLogins memberId={42} />, 'member.read', 'member-logins', {}],
  ['设备', () => <MemberDevices memberId={42} />, 'member.read', 'member-devices', {}],
  ['备注', () => <MemberNotes memberId={42} />, 'member.read', 'member-notes', {}],
  ['奖励发放', () => <MemberGrants memberId={42} />, 'promo.manage', 'grants', {}],
];

describe('the member detail sub-lists’ export buttons', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it.each(CASES)(
    '%s: exports this member’s rows with the permission',
    async (_, List, permission, path, filters) => {
      const seen = captureDownloads();
      renderPage(List, { permissions: [permission], answers: platform });
      fireEvent.click(await screen.findByRole('button', { name: '导出 CSV' }));
      await waitFor(() => expect(seen).toHaveLength(1));
      expect(seen[0]!.pathname).toBe(`/admin/api/v1/exports/${path}`);
      expect(Object.fromEntries(seen[0]!.searchParams)).toEqual({ memberId: '42', ...filters });
    },
  );

  it.each(CASES)('%s: no button without the permission', async (_, List, permission) => {
    // member.read shows every list here; the grants export needs promo.manage besides.
    const held = permission === 'member.read' ? ['audit.read'] : ['member.read'];
    renderPage(List, { permissions: held, answers: platform });
    // The list is there (empty: its query needs a permission these roles may lack).
    await screen.findAllByText(/暂无数据|暂无备注/);
    expect(screen.queryByRole('button', { name: '导出 CSV' })).toBeNull();
  });

  it('a filter chosen goes with the export: the logins that failed', async () => {
    const seen = captureDownloads();
    renderPage(() => <MemberLogins memberId={42} />, {
      permissions: ['member.read'],
      answers: platform,
    });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '登录结果' }));
    fireEvent.click(await screen.findByTitle('失败'));
    fireEvent.click(await screen.findByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.searchParams.get('result')).toBe('failed');
  });
});
