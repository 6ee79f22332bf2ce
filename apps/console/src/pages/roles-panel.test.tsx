import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage, type Answers, type SentCall } from '../test/render-page';
import { RolesPanel } from './roles-panel';

const platform: Answers = (c) =>
  c.path === '/admin/api/v1/roles'
    ? {
        data: {
          list: [{ id: 2, name: '财务', superuser: false, permissions: [], operatorCount: 2 }],
          total: 41,
          page: 1,
          pageSize: 20,
        },
      }
    : undefined;
const reads = (calls: SentCall[]) => calls.filter((c) => c.path === '/admin/api/v1/roles');
afterEach(() => vi.unstubAllGlobals());

describe('运营人员与角色 · 角色', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('pages and filters on the server; the export sends the filters', async () => {
    const seen: URL[] = [];
    vi.stubGlobal('fetch', (input: string) => {
      seen.push(new URL(input, 'http://console.test'));
      return Promise.resolve(new Response('\uFEFF编号\r\n'));
    });
    const r = renderPage(RolesPanel, { permissions: ['operator.manage'], answers: platform });
    expect(await screen.findByText('财务')).toBeTruthy();
    expect(reads(r.calls)[0]!.query.toString()).toBe('page=1&pageSize=20');
    fireEvent.click(await screen.findByTitle('3'));
    await waitFor(() => expect(reads(r.calls).at(-1)!.query.get('page')).toBe('3'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按权限筛选' }));
    fireEvent.click(await screen.findByTitle('人工调整余额'));
    const box = screen.getByLabelText('角色搜索');
    fireEvent.change(box, { target: { value: ' 财 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const q = encodeURIComponent('财');
    await waitFor(() =>
      expect(reads(r.calls).at(-1)!.query.toString()).toBe(
        `permission=wallet.adjust&q=${q}&page=1&pageSize=20`,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.pathname).toBe('/admin/api/v1/exports/roles');
    expect(seen[0]!.searchParams.toString()).toBe(`permission=wallet.adjust&q=${q}`);
  });
});
