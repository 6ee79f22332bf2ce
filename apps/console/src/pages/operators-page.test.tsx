import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  findDialog,
  PAGE_TEST_TIMEOUT,
  renderPage,
  writes,
  type Answers,
} from '../test/render-page';
import { Page } from './operators-page';

const operator = (id: number, userName: string, totpEnabled: boolean) => ({
  id,
  userName,
  roleId: 2,
  roleName: '财务',
  disabled: false,
  totpEnabled,
  createdAt: 1,
});

const platform: Answers = (c) => {
  if (c.path === '/admin/api/v1/roles')
    return {
      data: {
        list: [{ id: 2, name: '财务', superuser: false, permissions: [], operatorCount: 2 }],
      },
    };
  if (c.path === '/admin/api/v1/operators')
    return {
      data: {
        list: [operator(7, 'alice', true), operator(8, 'bob', false), operator(9, 'op', true)],
        total: 3,
        page: 1,
        pageSize: 20,
      },
    };
  if (c.path === '/admin/api/v1/operators/7/totp/reset') return { data: null };
  return undefined;
};

describe('运营人员 page', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('filters the list by account name on the server', async () => {
    const r = renderPage(Page, { permissions: ['operator.manage'], answers: platform });
    expect(await screen.findByText('alice')).toBeTruthy();
    const search = screen.getByLabelText('账号搜索');
    fireEvent.change(search, { target: { value: 'ali' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => {
      const last = r.calls.filter((c) => c.path === '/admin/api/v1/operators').at(-1)!;
      expect(last.query.get('q')).toBe('ali');
      expect(last.query.get('page')).toBe('1');
    });
  });

  it("resets another operator's second factor with a reason; not one's own", async () => {
    const r = renderPage(Page, { permissions: ['operator.manage'], answers: platform });
    const row = (await screen.findByText('alice')).closest('tr')!;
    // bob has none to reset; "op" is the signed-in operator.
    expect(screen.getAllByRole('button', { name: '重置' })).toHaveLength(1);
    fireEvent.click(within(row).getByRole('button', { name: '重置' }));
    const dialog = await findDialog('重置 alice 的两步验证');
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '手机遗失' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(writes(r.calls)).toMatchObject([
        { path: '/admin/api/v1/operators/7/totp/reset', body: { reason: '手机遗失' } },
      ]),
    );
  });

  it('the role picker finds a role beyond the first page by asking the server', async () => {
    // 150 roles, paged and filtered by name as the platform does (`q`, `pageSize`).
    const many = Array.from({ length: 150 }, (_, i) => ({
      id: i + 1,
      name: `角色${String(i + 1).padStart(3, '0')}`,
      superuser: false,
      permissions: [],
      operatorCount: 0,
    }));
    const r = renderPage(Page, {
      permissions: ['operator.manage'],
      answers: (c) => {
        if (c.path !== '/admin/api/v1/roles') return platform(c);
        const q = c.query.get('q') ?? '';
        const size = Number(c.query.get('pageSize') ?? 20);
        const hits = many.filter((x) => x.name.includes(q));
        return { data: { list: hits.slice(0, size), total: hits.length, page: 1, pageSize: size } };
      },
    });
    await screen.findByText('alice');
    const picker = screen.getByLabelText('按角色筛选');
    fireEvent.mouseDown(picker);
    expect(await screen.findByTitle('角色001')).toBeTruthy();
    expect(screen.queryByTitle('角色101')).toBeNull();
    fireEvent.change(picker, { target: { value: '101' } });
    fireEvent.click(await screen.findByTitle('角色101'));
    await waitFor(() => {
      const last = r.calls.filter((c) => c.path === '/admin/api/v1/operators').at(-1)!;
      expect(last.query.get('roleId')).toBe('101');
    });
    const asked = r.calls.filter((c) => c.path === '/admin/api/v1/roles');
    expect(asked.some((c) => c.query.get('q') === '101')).toBe(true);
    expect(asked.every((c) => Number(c.query.get('pageSize')) <= 100)).toBe(true);
  });

  it('without operator.manage there is no reset button', async () => {
    renderPage(Page, { permissions: ['audit.read'], answers: platform });
    await screen.findByText('运营人员与角色');
    expect(screen.queryByRole('button', { name: '重置' })).toBeNull();
  });
});
