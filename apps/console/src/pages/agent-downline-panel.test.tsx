import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage, type Answers } from '../test/render-page';
import { AgentDownlinePanel } from './agent-downline-panel';

const row = (memberId: number, userName: string, depth: number) => ({
  memberId,
  userName,
  depth,
  isAgent: false,
  registeredAt: 1,
  deposits: '100.00',
  validTurnover: '50.00',
  active: true,
});

const platform: Answers = (c) =>
  c.path === '/admin/api/v1/agent/members/42/downline'
    ? {
        data: {
          list: [row(9, 'carol', 1), row(8, 'dave', 2)],
          total: 2,
          page: 1,
          pageSize: 20,
        },
      }
    : undefined;

describe('代理下线 panel', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('asks nothing until an agent is named, then pages and filters on the server', async () => {
    const r = renderPage(AgentDownlinePanel, { permissions: ['agent.manage'], answers: platform });
    fireEvent.change(await screen.findByLabelText('代理会员编号'), { target: { value: '42' } });
    expect(r.calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '查询下线' }));
    expect(await screen.findByText('carol')).toBeTruthy();
    expect(r.calls[0]!.query.get('scope')).toBe('direct');
    fireEvent.click(screen.getByText('全部层级'));
    const search = screen.getByLabelText('下线账号搜索');
    fireEvent.change(search, { target: { value: 'dav' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => {
      const last = r.calls.at(-1)!;
      expect(last.query.get('scope')).toBe('all');
      expect(last.query.get('q')).toBe('dav');
      expect(last.query.get('page')).toBe('1');
    });
    expect(screen.getByRole('button', { name: '导出 CSV' })).toBeTruthy();
  });
});
