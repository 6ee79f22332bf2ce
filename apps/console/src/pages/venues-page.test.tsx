import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  findDialog,
  PAGE_TEST_TIMEOUT,
  renderPage,
  writes,
  type Answers,
} from '../test/render-page';
import { Page } from './venues-page';

const venue = (code: string, name: string, family: string, sort: number) => ({
  code,
  family,
  name,
  logo: '/static/x.svg',
  dialect: null,
  origin: 'https://v.example',
  apiUrl: 'https://v.example/api',
  merchantCode: 'NEBULA',
  status: 'open',
  sort,
  secretConfigured: true,
  updatedAt: 1,
});
const list = [venue('AGZR', 'AG 真人', 'ZR', 1), venue('FBTY', 'FB 体育', 'TY', 2)];
// The whole registry's order, as every page carries it: one venue not on the page.
const order = ['AGZR', 'FBTY', 'IMDJ'];

const platform: Answers = (c) => {
  if (c.path === '/admin/api/v1/venues' && c.method === 'GET') {
    const family = c.query.get('family');
    const shown = family ? list.filter((v) => v.family === family) : list;
    return { data: { list: shown, total: 41, page: 1, pageSize: 20, order } };
  }
  if (c.path === '/admin/api/v1/venues/sort') return { data: { list } };
  if (c.path === '/admin/api/v1/settings' && c.method === 'GET')
    return { data: { venueFamiliesMaintenance: ['DJ'] } };
  if (c.path === '/admin/api/v1/settings') return { data: {} };
  return undefined;
};

describe('场馆 page', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('moves a venue down: the whole order is sent', async () => {
    const r = renderPage(Page, { permissions: ['venue.manage'], answers: platform });
    fireEvent.click(await screen.findByRole('button', { name: 'AG 真人 下移' }));
    await waitFor(() =>
      expect(writes(r.calls)).toMatchObject([
        { path: '/admin/api/v1/venues/sort', body: { codes: ['FBTY', 'AGZR', 'IMDJ'] } },
      ]),
    );
    // Without settings.write there are no family switches.
    expect(screen.queryByText('类别维护')).toBeNull();
  });

  it('puts a family into maintenance, keeping the ones already in it', async () => {
    const r = renderPage(Page, {
      permissions: ['venue.manage', 'settings.write'],
      answers: platform,
    });
    const sports = await screen.findByLabelText('体育 类别维护');
    await waitFor(() =>
      expect(screen.getByLabelText('电竞 类别维护').getAttribute('aria-checked')).toBe('true'),
    );
    fireEvent.click(sports);
    await waitFor(() =>
      expect(writes(r.calls)).toMatchObject([
        { path: '/admin/api/v1/settings', body: { venueFamiliesMaintenance: ['TY', 'DJ'] } },
      ]),
    );
  });

  it('pages and filters on the server; the export and a move on a filtered page', async () => {
    const seen: URL[] = [];
    vi.stubGlobal('fetch', (input: string) => {
      seen.push(new URL(input, 'http://console.test'));
      return Promise.resolve(new Response('\uFEFF代码\r\n'));
    });
    const r = renderPage(Page, { permissions: ['venue.manage'], answers: platform });
    await screen.findByText('AG 真人');
    const reads = () => r.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/venues'));
    expect(reads()[0]!.query.toString()).toBe('page=1&pageSize=20');
    fireEvent.click(await screen.findByTitle('3'));
    await waitFor(() => expect(reads().at(-1)!.query.get('page')).toBe('3'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按类别筛选' }));
    fireEvent.click(await screen.findByTitle('体育'));
    const search = screen.getByLabelText('场馆搜索');
    fireEvent.change(search, { target: { value: ' fb ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(reads().at(-1)!.query.toString()).toBe('family=TY&q=fb&page=1&pageSize=20'),
    );
    await waitFor(() => expect(screen.queryByText('AG 真人')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.searchParams.toString()).toBe('family=TY&q=fb');
    // FBTY is the only row shown, yet it moves within the whole registry.
    fireEvent.click(screen.getByRole('button', { name: 'FB 体育 下移' }));
    await waitFor(() =>
      expect(writes(r.calls)).toMatchObject([
        { path: '/admin/api/v1/venues/sort', body: { codes: ['AGZR', 'IMDJ', 'FBTY'] } },
      ]),
    );
    vi.unstubAllGlobals();
  });

  it('the new venue form refuses a bad code before sending', async () => {
    const r = renderPage(Page, { permissions: ['venue.manage'], answers: platform });
    fireEvent.click(await screen.findByRole('button', { name: '新增场馆' }));
    const dialog = await findDialog('新增场馆');
    fireEvent.change(dialog.querySelector('#code')!, { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: '创建' }));
    expect(await screen.findByText('大写字母开头，2–16 位')).toBeTruthy();
    expect(writes(r.calls)).toEqual([]);
  });
});
