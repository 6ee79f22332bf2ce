import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage, type Answers, type SentCall } from '../test/render-page';
import { Page } from './house-venue-page';

/**
 * 自营场馆 (the house venue's back office through the platform's proxy): each tab calls its
 * proxied route with the body the venue's schema takes, shows the answer as a table or
 * descriptions, and is there only for an operator whose role may call it.
 */
const base = '/admin/api/v1/house-venue';
const settings = {
  marginBp: 450,
  minStake: '10.00',
  maxStake: '20000.00',
  maxPayout: '500000.00',
  maxPlayerMarketPayout: '100000.00',
  selectionLiability: '300000.00',
};
const venue: Answers = (c) => {
  if (c.path === `${base}/settings`) return { data: settings };
  if (c.path === `${base}/settings/update`) return { data: { ...settings, marginBp: 500 } };
  if (c.path === `${base}/events/result`) return { data: { eventId: 'E9', version: 3 } };
  if (c.path === `${base}/events/hold`) return { data: { eventId: 'E1', held: true } };
  if (c.path === `${base}/events/liability`)
    return {
      data: {
        eventId: 'E1',
        selections: [{ selectionId: 'E1:ft:1x2:home', venueCode: 'HOUSE', amount: '1234.56' }],
        total: '1234.56',
      },
    };
  if (c.path === `${base}/bets/resettle`) return { data: { betId: 'B7', status: 'settled' } };
  return undefined;
};
/** Every proxied call is a POST (reads too): a call is told apart by its path. */
const sent = (calls: readonly SentCall[], path: string) =>
  calls.filter((c) => c.path === `${base}${path}`).map((c) => c.body);
const section = (title: string) => screen.getByText(title).closest('section')!;
const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('自营场馆 page', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('shows only the tabs the role may call, and asks nothing it may not', async () => {
    const r = renderPage(Page, { permissions: ['venue.games'], answers: () => undefined });
    expect(await screen.findByText('自营游戏')).toBeTruthy();
    for (const hidden of ['盘口设置', '赛事与盘口', '注单处理', '玩家', '报表与审计'])
      expect(screen.queryByText(hidden)).toBeNull();
    await waitFor(() => expect(r.calls.length).toBeGreaterThan(0));
    expect(r.calls.every((c) => c.path.startsWith(`${base}/games`))).toBe(true);
    r.unmount();

    renderPage(Page, { permissions: ['venue.results'], answers: venue });
    expect(await screen.findByText('赛事与盘口')).toBeTruthy();
    expect(screen.getByText('注单处理')).toBeTruthy();
    expect(screen.getByText('报表与审计')).toBeTruthy();
    for (const hidden of ['盘口设置', '玩家', '自营游戏'])
      expect(screen.queryByText(hidden)).toBeNull();
  });

  it('shows the book settings and saves only the fields filled in', async () => {
    const r = renderPage(Page, { permissions: ['venue.manage'], answers: venue });
    expect(await screen.findByText('20000.00')).toBeTruthy();
    const form = section('修改盘口设置');
    type(form, '最高投注（元）', '5000.001');
    fireEvent.click(within(form).getByText('保存设置'));
    // The protocol's money rule refuses three places before anything is sent.
    expect(await within(form).findByText('金额格式：整数或两位小数，如 100.00')).toBeTruthy();
    type(form, '最高投注（元）', '5000.00');
    type(form, '抽水（基点）', '500');
    fireEvent.click(within(form).getByText('保存设置'));
    await waitFor(() => expect(sent(r.calls, '/settings/update')).toHaveLength(1));
    expect(sent(r.calls, '/settings/update')).toEqual([{ marginBp: 500, maxStake: '5000.00' }]);
    expect(await screen.findByText('盘口设置已保存')).toBeTruthy();
  });

  it('opens on 赛事与盘口 for a full role and enters a result with its half-time', async () => {
    const r = renderPage(Page, {
      permissions: ['venue.results', 'venue.manage', 'venue.games'],
      answers: venue,
    });
    // The first 赛事 ID and the only 原因 on the opening tab are the result form's.
    const eventIds = await screen.findAllByLabelText('赛事 ID');
    fireEvent.change(eventIds[0]!, { target: { value: 'E9' } });
    const form = section('录入或更正赛果');
    type(form, '主队', '2');
    type(form, '客队', '1');
    type(form, '半场主队', '1');
    type(form, '半场客队', '0');
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '人工录入' } });
    fireEvent.click(within(form).getByText('提交赛果'));
    expect(await within(form).findByText('场馆答复：赛事 ID：E9；版本：3')).toBeTruthy();
    expect(sent(r.calls, '/events/result')).toEqual([
      {
        eventId: 'E9',
        status: 'finished',
        reason: '人工录入',
        score: { home: 2, away: 1 },
        halfTime: { home: 1, away: 0 },
      },
    ]);
  });

  it('holds an event and shows an event liability as a table', async () => {
    const r = renderPage(Page, { permissions: ['venue.results'], answers: venue });
    const hold = (await screen.findByText('暂停/恢复')).closest('section')!;
    type(hold, '赛事 ID', 'E1');
    fireEvent.click(within(hold).getByText('提交赛事'));
    expect(await screen.findByText('赛事状态已更新')).toBeTruthy();
    const liability = section('赛事风险敞口');
    type(liability, '赛事 ID', 'E1');
    fireEvent.click(within(liability).getByText('查询敞口'));
    const cell = await within(liability).findByText('E1:ft:1x2:home');
    expect(cell.closest('tr')?.textContent).toContain('1234.56');
    expect(within(liability).getByText('赛事 E1 合计敞口：1234.56 元')).toBeTruthy();
    expect(liability.querySelector('pre')).toBeNull();
    expect(sent(r.calls, '/events/hold')).toEqual([{ eventId: 'E1', held: true }]);
    expect(sent(r.calls, '/events/liability')).toEqual([{ eventId: 'E1' }]);
  });

  it('voids a bet through step-up and four eyes, and resettles one with its legs', async () => {
    let voids = 0;
    const r = renderPage(Page, {
      permissions: ['venue.results'],
      answers: (c) => {
        // The first void asks for a fresh second factor; once stepped up it is filed (9602).
        if (c.path === `${base}/bets/void`) return { code: voids++ === 0 ? 9600 : 9602 };
        if (c.path === '/admin/api/v1/me') return { data: { totpEnabled: true } };
        if (c.path === '/admin/api/v1/passkeys') return { data: { list: [] } };
        if (c.path === '/admin/api/v1/stepUp') return { data: {} };
        return venue(c);
      },
    });
    fireEvent.click(await screen.findByText('注单处理'));
    const voidBet = (await screen.findByText('作废注单', { selector: 'h2' })).closest('section')!;
    type(voidBet, '注单号', 'B7');
    type(voidBet, '作废原因', '赛事操纵');
    fireEvent.click(within(voidBet).getByRole('button', { name: '作废注单' }));
    const code = await screen.findByLabelText('两步验证码');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    expect(
      await within(voidBet).findByText('待复核：已提交复核，等待其他运营人员批准后执行'),
    ).toBeTruthy();
    expect(sent(r.calls, '/bets/void')).toEqual([
      { betId: 'B7', reason: '赛事操纵' },
      { betId: 'B7', reason: '赛事操纵' },
    ]);
    expect(r.calls.find((c) => c.path === '/admin/api/v1/stepUp')?.body).toEqual({
      class: 'money',
      code: '123456',
    });

    const resettle = section('重新结算注单');
    type(resettle, '重结注单号', 'B8');
    fireEvent.click(within(resettle).getByText('添加一项'));
    type(resettle, '重结原因', '赛果更正');
    fireEvent.click(within(resettle).getByText('重新结算'));
    expect(await screen.findByText('注单已重新结算')).toBeTruthy();
    expect(sent(r.calls, '/bets/resettle')).toEqual([
      {
        betId: 'B8',
        legs: [
          { leg: 1, result: 'won' },
          { leg: 2, result: 'won' },
        ],
        reason: '赛果更正',
      },
    ]);
  });
});
