import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage, type Answers } from '../test/render-page';
import { Page as ContentPage } from './content-page';
import { Page as MallPage } from './mall-page';
import { Page as OperatorsPage } from './operators-page';
import { Page as RealNamePage } from './real-name-page';
import { Page as RebateRatesPage } from './rebate-rates-page';
import { Page as SelfExclusionPage } from './self-exclusion-page';
import { Page as TransfersPage } from './transfers-page';
import { Page as VenuesPage } from './venues-page';
import { Page as VipLevelsPage } from './vip-levels-page';

/**
 * The 导出 CSV buttons of the registries and the service desk (docs/contract.md "Operator
 * console"): shown only to an operator whose role may list them, each fetches its own export
 * with the list's current filters.
 */
const empty = { list: [], total: 0, page: 1, pageSize: 20 };
const platform: Answers = (c) => {
  const lists: Record<string, unknown> = {
    '/admin/api/v1/roles': { list: [] },
    '/admin/api/v1/operators': empty,
    '/admin/api/v1/help': { list: [] },
    '/admin/api/v1/sponsors': { list: [] },
    '/admin/api/v1/mail': empty,
    '/admin/api/v1/feedback': empty,
    '/admin/api/v1/venues': { list: [] },
    '/admin/api/v1/venue-debts': empty,
    '/admin/api/v1/transfers': empty,
    '/admin/api/v1/self-exclusion-register': {
      list: [
        { id: 1, kind: 'phone', value: '13800000000', reason: '本人', addedBy: 'op', addedAt: 0 },
      ],
    },
    '/admin/api/v1/realName/pending': { list: [] },
    '/admin/api/v1/vip/levels': { list: [], rates: [], families: [] },
    '/admin/api/v1/rebate/rates': { list: [], families: [] },
    '/admin/api/v1/mall/items': { list: [] },
    '/admin/api/v1/mall/redemptions': empty,
    '/admin/api/v1/mall/points-rates': { list: [], expireDays: 365 },
  };
  return c.path in lists ? { data: lists[c.path] } : undefined;
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

/** Renders the page, clicks each of its export buttons in turn; the paths they fetched. */
async function exportAll(
  Page: ComponentType,
  permissions: string[],
  buttons: number,
  before: () => Promise<void> = () => Promise.resolve(),
): Promise<URL[]> {
  const seen = captureDownloads();
  renderPage(Page, { permissions, answers: platform });
  await before();
  const found = await screen.findAllByRole('button', { name: '导出 CSV' });
  expect(found).toHaveLength(buttons);
  for (const [i, b] of found.entries()) {
    fireEvent.click(b);
    await waitFor(() => expect(seen).toHaveLength(i + 1));
  }
  return seen;
}
const paths = (urls: URL[]) => urls.map((u) => u.pathname.replace('/admin/api/v1/exports/', ''));

async function noButton(Page: ComponentType, permissions: string[], shown: string) {
  renderPage(Page, { permissions, answers: platform });
  await screen.findAllByText(shown);
  expect(screen.queryByRole('button', { name: '导出 CSV' })).toBeNull();
}

describe('the registry and service-desk export buttons', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('运营人员与角色: the roles and the operators, each its own export', async () => {
    expect(paths(await exportAll(OperatorsPage, ['operator.manage'], 2))).toEqual([
      'roles',
      'operators',
    ]);
  });

  it('运营人员与角色 without operator.manage: no button', async () => {
    await noButton(OperatorsPage, [], '运营人员与角色');
  });

  it('内容管理: the home notices, help pages, sponsors, the mail sent, feedback', async () => {
    expect(paths(await exportAll(ContentPage, ['content.write'], 5))).toEqual([
      'notices',
      'help-docs',
      'sponsors',
      'mails',
      'feedback',
    ]);
  });

  it('内容管理 without content.write: no button', async () => {
    await noButton(ContentPage, [], '内容管理');
  });

  it('场馆: the registry', async () => {
    expect(paths(await exportAll(VenuesPage, ['venue.manage'], 1))).toEqual(['venues']);
  });

  it('场馆转账 · 会员场馆欠款: exports the member asked for', async () => {
    const seen = await exportAll(TransfersPage, ['transfer.manage'], 2, async () => {
      fireEvent.change(await screen.findByLabelText('欠款会员编号'), { target: { value: '42' } });
      await waitFor(() =>
        expect(screen.getByLabelText('欠款会员编号')).toHaveProperty('value', '42'),
      );
    });
    expect(paths(seen)).toEqual(['transfers', 'venue-debts']);
    expect(seen[1]!.searchParams.get('memberId')).toBe('42');
  });

  it('场馆 without venue.manage: no button', async () => {
    await noButton(VenuesPage, [], '场馆');
  });

  it('实名审核: the pending queue', async () => {
    expect(paths(await exportAll(RealNamePage, ['realname.review'], 1))).toEqual([
      'real-name-pending',
    ]);
  });

  it('实名审核 without realname.review: no button', async () => {
    await noButton(RealNamePage, [], '实名审核');
  });

  it('VIP 等级: the table', async () => {
    expect(paths(await exportAll(VipLevelsPage, ['promo.manage'], 1))).toEqual(['vip-levels']);
  });

  it('VIP 等级 without promo.manage: no button', async () => {
    await noButton(VipLevelsPage, [], 'VIP 等级');
  });

  it('返水比例: the rates', async () => {
    expect(paths(await exportAll(RebateRatesPage, ['promo.manage'], 1))).toEqual(['rebate-rates']);
  });

  it('积分商城 · 商品 and 积分: the items, the points rates', async () => {
    expect(paths(await exportAll(MallPage, ['promo.manage'], 1))).toEqual(['mall-items']);
    vi.unstubAllGlobals();
    const seen = captureDownloads();
    fireEvent.click(await screen.findByRole('tab', { name: '积分' }));
    await screen.findByText('积分有效期：365 天');
    const buttons = await screen.findAllByRole('button', { name: '导出 CSV' });
    fireEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(paths(seen)).toEqual(['points-rates']);
  });

  it('自我排除登记: the register and its export; none without rg.manage', async () => {
    expect(paths(await exportAll(SelfExclusionPage, ['rg.manage'], 1))).toEqual([
      'self-exclusion-register',
    ]);
    expect(screen.getByText('手机号')).toBeTruthy();
  });

  it('自我排除登记 without rg.manage: no button', async () => {
    await noButton(SelfExclusionPage, [], '自我排除登记');
  });
});
