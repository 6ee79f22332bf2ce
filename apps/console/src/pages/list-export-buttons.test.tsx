import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage, type Answers } from '../test/render-page';
import { Page as ActivitiesPage } from './activities-page';
import { Page as AgentsPage } from './agents-page';
import { Page as ApprovalsPage } from './approvals-page';
import { Page as ChatPage } from './chat-page';
import { Page as GrantsPage } from './grants-page';
import { Page as MallPage } from './mall-page';

/**
 * The 导出 CSV buttons of the later exports (docs/contract.md "Operator console"): shown only to
 * an operator whose role may export, they fetch the export with the list's current filters.
 */
const empty = { list: [], total: 0, page: 1, pageSize: 20 };
const platform: Answers = (c) => {
  if (c.path === '/admin/api/v1/approvals') return { data: empty };
  if (c.path === '/admin/api/v1/activities') return { data: empty };
  if (c.path === '/admin/api/v1/mall/redemptions') return { data: empty };
  if (c.path === '/admin/api/v1/mall/items') return { data: { list: [] } };
  if (c.path === '/admin/api/v1/mall/points-rates') return { data: { list: [], expireDays: 365 } };
  if (c.path === '/admin/api/v1/agent/statements') return { data: empty };
  if (c.path === '/admin/api/v1/agent/applications') return { data: empty };
  if (c.path === '/admin/api/v1/grants/report') return { data: { list: [] } };
  if (c.path === '/admin/api/v1/members/42/grants') return { data: empty };
  if (c.path === '/admin/api/v1/chat/rooms')
    return {
      data: {
        list: [{ roomId: 1, name: '大厅', status: 1, vipMin: 0, vipMax: 10, slowModeSeconds: 0 }],
      },
    };
  if (c.path === '/admin/api/v1/chat/blocked-words') return { data: { words: ['赌神'] } };
  return undefined;
};

/** The export requests the buttons made (global fetch: a download is not the admin client). */
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

async function exportOnce(
  Page: ComponentType,
  permissions: string[],
  open: () => Promise<void> = () => Promise.resolve(),
  /** Which button: the first, or the last (the tab opened after another keeps its panel). */
  which: 'first' | 'last' = 'first',
): Promise<URL> {
  const seen = captureDownloads();
  renderPage(Page, { permissions, answers: platform });
  await open();
  const buttons = await screen.findAllByRole('button', { name: '导出 CSV' });
  fireEvent.click(buttons[which === 'first' ? 0 : buttons.length - 1]!);
  await waitFor(() => expect(seen).toHaveLength(1));
  return seen[0]!;
}

describe('the later exports’ buttons', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('待复核: exports with the status shown', async () => {
    const url = await exportOnce(ApprovalsPage, ['report.export']);
    expect(url.pathname).toBe('/admin/api/v1/exports/approvals');
    expect(url.searchParams.get('status')).toBe('pending');
  });

  it('待复核 without report.export: no button', async () => {
    renderPage(ApprovalsPage, { permissions: [], answers: platform });
    await screen.findAllByText('待复核');
    expect(screen.queryByRole('button', { name: '导出 CSV' })).toBeNull();
  });

  it('积分商城 · 兑换单: exports the redemptions of the status shown', async () => {
    const url = await exportOnce(MallPage, ['promo.manage'], async () => {
      fireEvent.click(await screen.findByRole('tab', { name: '兑换单' }));
    });
    expect(url.pathname).toBe('/admin/api/v1/exports/mall-redemptions');
    expect(url.searchParams.get('status')).toBe('pending');
  });

  it('代理 · 佣金报表: exports the month shown', async () => {
    const url = await exportOnce(
      AgentsPage,
      ['agent.manage'],
      async () => {
        fireEvent.click(await screen.findByRole('tab', { name: '佣金报表' }));
      },
      'last',
    );
    expect(url.pathname).toBe('/admin/api/v1/exports/agent-statements');
    expect(url.searchParams.get('month')).toMatch(/^\d{6}$/);
  });

  it('代理 · 代理申请: exports the applications of the status shown', async () => {
    const url = await exportOnce(AgentsPage, ['agent.manage']);
    expect(url.pathname).toBe('/admin/api/v1/exports/agent-applications');
    expect(url.searchParams.get('status')).toBe('pending');
  });

  it('福利发放: exports the member asked for', async () => {
    const url = await exportOnce(GrantsPage, ['promo.manage'], async () => {
      fireEvent.change(await screen.findByLabelText('会员编号'), { target: { value: '42' } });
      fireEvent.click(screen.getByRole('button', { name: '查询' }));
      await screen.findByText('会员优惠记录');
    });
    expect(url.pathname).toBe('/admin/api/v1/exports/grants');
    expect(url.searchParams.get('memberId')).toBe('42');
  });

  it('活动: exports the activities of the status chosen', async () => {
    const url = await exportOnce(ActivitiesPage, ['promo.manage']);
    expect(url.pathname).toBe('/admin/api/v1/exports/activities');
    expect(url.searchParams.has('status')).toBe(false);
  });

  it('聊天室管理: the rooms and the filter words, each its own export', async () => {
    expect((await exportOnce(ChatPage, ['chat.moderate'])).pathname).toBe(
      '/admin/api/v1/exports/chat-rooms',
    );
  });

  it('聊天室管理: the filter words', async () => {
    const seen = captureDownloads();
    renderPage(ChatPage, { permissions: ['chat.moderate'], answers: platform });
    fireEvent.click(await screen.findByText('过滤词与维护'));
    await screen.findByLabelText('过滤词');
    const buttons = await screen.findAllByRole('button', { name: '导出 CSV' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.pathname).toBe('/admin/api/v1/exports/chat-blocked-words');
  });
});
