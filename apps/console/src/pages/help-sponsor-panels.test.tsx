import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage, type Answers, type SentCall } from '../test/render-page';
import { HelpPanel, SponsorPanel } from './help-sponsor-panels';

const doc = { slug: 'ck', title: '如何存款', category: 'funds', version: 2, updatedAt: 1 };
const sponsor = {
  id: 5,
  title: '甲队赞助',
  imageUrl: 'https://img.test/a.png',
  summary: '摘要',
  body: '正文',
  startsOn: '2026-01-01',
  endsOn: null,
  sort: 0,
  enabled: false,
};
const platform: Answers = (c) => {
  const page = (item: unknown) => ({ list: [item], total: 41, page: 1, pageSize: 20 });
  if (c.path === '/admin/api/v1/help') return { data: page(doc) };
  if (c.path === '/admin/api/v1/sponsors') return { data: page(sponsor) };
  return undefined;
};
const reads = (calls: SentCall[], path: string) =>
  calls.filter((c) => c.path === `/admin/api/v1/${path}`);
function captureDownloads(): URL[] {
  const seen: URL[] = [];
  vi.stubGlobal('fetch', (input: string) => {
    seen.push(new URL(input, 'http://console.test'));
    return Promise.resolve(new Response('\uFEFF编号\r\n'));
  });
  return seen;
}
afterEach(() => vi.unstubAllGlobals());
const search = (label: string, value: string) => {
  const box = screen.getByLabelText(label);
  fireEvent.change(box, { target: { value } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
};

describe('内容管理 · 帮助中心 and 赞助', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('help pages: paged and filtered on the server; the export sends the filters', async () => {
    const seen = captureDownloads();
    const r = renderPage(HelpPanel, { permissions: ['content.write'], answers: platform });
    expect(await screen.findByText('如何存款')).toBeTruthy();
    expect(reads(r.calls, 'help')[0]!.query.toString()).toBe('page=1&pageSize=20');
    fireEvent.click(await screen.findByTitle('3'));
    await waitFor(() => expect(reads(r.calls, 'help').at(-1)!.query.get('page')).toBe('3'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '帮助分类' }));
    fireEvent.click(await screen.findByTitle('存取款'));
    search('帮助搜索', ' 存款 ');
    await waitFor(() =>
      expect(reads(r.calls, 'help').at(-1)!.query.toString()).toBe(
        `category=funds&q=${encodeURIComponent('存款')}&page=1&pageSize=20`,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.pathname).toBe('/admin/api/v1/exports/help-docs');
    expect(seen[0]!.searchParams.toString()).toBe(`category=funds&q=${encodeURIComponent('存款')}`);
  });

  it('sponsorships: paged and filtered on the server; the export sends the filters', async () => {
    const seen = captureDownloads();
    const r = renderPage(SponsorPanel, { permissions: ['content.write'], answers: platform });
    expect(await screen.findByText('甲队赞助')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '赞助状态' }));
    fireEvent.click(await screen.findByTitle('停用'));
    search('赞助搜索', '甲');
    await waitFor(() =>
      expect(reads(r.calls, 'sponsors').at(-1)!.query.toString()).toBe(
        `enabled=false&q=${encodeURIComponent('甲')}&page=1&pageSize=20`,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.pathname).toBe('/admin/api/v1/exports/sponsors');
    expect(seen[0]!.searchParams.toString()).toBe(`enabled=false&q=${encodeURIComponent('甲')}`);
  });
});
