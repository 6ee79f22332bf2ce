import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage, type Answers, type SentCall } from '../test/render-page';
import { HomeContentPanel } from './home-content-panel';

const notice = {
  id: 3,
  category: 2,
  title: '维护公告',
  content: '内容',
  sort: 0,
  enabled: false,
  publishedAt: '2026-05-01T00:00:00.000Z',
};
const platform: Answers = (c) =>
  c.path === '/admin/api/v1/content/notices'
    ? { data: { list: [notice], total: 41, page: 1, pageSize: 20 } }
    : undefined;
const reads = (calls: SentCall[]) =>
  calls.filter((c) => c.path === '/admin/api/v1/content/notices');
afterEach(() => vi.unstubAllGlobals());

describe('内容管理 · 首页内容', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('notices: paged and filtered on the server; the export sends the filters', async () => {
    const seen: URL[] = [];
    vi.stubGlobal('fetch', (input: string) => {
      seen.push(new URL(input, 'http://console.test'));
      return Promise.resolve(new Response('\uFEFF编号\r\n'));
    });
    const r = renderPage(HomeContentPanel, { permissions: ['content.write'], answers: platform });
    expect(await screen.findByText('维护公告')).toBeTruthy();
    expect(reads(r.calls)[0]!.query.toString()).toBe('page=1&pageSize=20');
    fireEvent.click(await screen.findByTitle('3'));
    await waitFor(() => expect(reads(r.calls).at(-1)!.query.get('page')).toBe('3'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '公告状态' }));
    fireEvent.click(await screen.findByTitle('停用'));
    const box = screen.getByLabelText('公告搜索');
    fireEvent.change(box, { target: { value: ' 维护 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const q = encodeURIComponent('维护');
    await waitFor(() =>
      expect(reads(r.calls).at(-1)!.query.toString()).toBe(
        `enabled=false&q=${q}&page=1&pageSize=20`,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.pathname).toBe('/admin/api/v1/exports/notices');
    expect(seen[0]!.searchParams.toString()).toBe(`enabled=false&q=${q}`);
  });
});
