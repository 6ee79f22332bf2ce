import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  findDialog,
  PAGE_TEST_TIMEOUT,
  renderPage,
  writes,
  type Answers,
  type SentCall,
} from '../test/render-page';
import { Page } from './chat-page';

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 20 });
const room = { roomId: 1, name: '大厅', status: 1, vipMin: 0, vipMax: 10, slowModeSeconds: 0 };
const mute = {
  memberId: 42,
  userName: 'alice',
  nickname: '小爱',
  until: null,
  reason: '刷屏',
  mutedBy: 'op',
  mutedAt: '2026-05-01T00:00:00.000Z',
  active: true,
};
const shield = {
  memberId: 7,
  userName: 'bob',
  shieldedId: 42,
  shieldedUserName: 'alice',
  createdAt: '2026-05-01T00:00:00.000Z',
};
const record = {
  id: 9,
  time: '2026-05-01T00:00:00.000Z',
  memberId: 42,
  userName: 'alice',
  roomId: 1,
  roomName: '大厅',
  giftId: 3,
  giftName: '奖杯',
  count: 1,
  coin: '50',
};
const gift = {
  giftId: 4,
  name: '火箭',
  icon: '/static/gifts/rocket.svg',
  price: '500',
  enabled: true,
};

const platform: Answers = (c) => {
  const p = c.path.replace('/admin/api/v1/', '');
  if (c.method === 'GET') {
    if (p === 'chat/rooms') return { data: page([room]) };
    if (p === 'chat/mutes') return { data: page([mute]) };
    if (p === 'chat/shields') return { data: page([shield]) };
    if (p === 'chat/gift-records') return { data: page([record]) };
    if (p === 'chat/gifts') return { data: { list: [gift] } };
    if (p === 'chat/blocked-words') return { data: { words: [] } };
    return undefined;
  }
  if (p === 'chat/gifts') return { data: gift };
  if (p === 'chat/rooms') return { data: room };
  return { data: null };
};
const open = async (tab: string) => fireEvent.click(await screen.findByText(tab));
// The button among the texts (a card's title may say the same).
const button = (root: HTMLElement, name: string) =>
  within(root)
    .getAllByText(name)
    .map((e) => e.closest('button'))
    .find((b) => b !== null)!;
const reads = (calls: SentCall[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.path === `/admin/api/v1/${path}`);
// A filter box by its aria-label (its form label names it too); a dialog's field by its label.
const typeInto = (root: HTMLElement, label: string, value: string) =>
  fireEvent.change(
    root.querySelector(`input[aria-label="${label}"]`) ?? within(root).getByLabelText(label),
    { target: { value } },
  );

describe('聊天室管理', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('rooms: filters by name on the server and creates a room with the schema-shaped body', async () => {
    const r = renderPage(Page, { permissions: ['chat.moderate'], answers: platform });
    expect(await screen.findByText('大厅')).toBeTruthy();
    typeInto(document.body, '名称', '大');
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(reads(r.calls, 'chat/rooms').some((c) => c.query.get('name') === '大')).toBe(true),
    );
    fireEvent.click(button(document.body, '新建房间'));
    const dialog = await findDialog('新建房间');
    typeInto(dialog, '名称', '体育');
    fireEvent.click(button(dialog, '保存'));
    await waitFor(() => expect(writes(r.calls)).toHaveLength(1));
    expect(writes(r.calls)[0]).toMatchObject({
      path: '/admin/api/v1/chat/rooms',
      body: { name: '体育', vipMin: 0, vipMax: 99, slowModeSeconds: 0 },
    });
  });

  it('mutes: a bad member id sends nothing; unmuting asks for a reason', async () => {
    const r = renderPage(Page, { permissions: ['chat.moderate'], answers: platform });
    await open('禁言');
    const row = (await screen.findByText('刷屏')).closest('tr')!;
    const before = reads(r.calls, 'chat/mutes').length;
    typeInto(document.body, '会员 ID', 'abc');
    fireEvent.click(button(document.body, '查询'));
    expect(await screen.findByText('请输入会员 ID')).toBeTruthy();
    expect(reads(r.calls, 'chat/mutes')).toHaveLength(before);
    fireEvent.click(button(row, '解除禁言'));
    const dialog = await findDialog(/解除禁言/);
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '已整改' } });
    fireEvent.click(button(dialog, '确定'));
    await waitFor(() => expect(writes(r.calls)).toHaveLength(1));
    expect(writes(r.calls)[0]).toMatchObject({
      path: '/admin/api/v1/chat/members/42/mute',
      body: { muted: false, reason: '已整改' },
    });
  });

  it('shields: read only, filtered by the shielded member', async () => {
    const r = renderPage(Page, { permissions: ['chat.moderate'], answers: platform });
    await open('屏蔽');
    const row = (await screen.findByText('bob')).closest('tr')!;
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
    typeInto(document.body, '被屏蔽者 ID', '42');
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(reads(r.calls, 'chat/shields').at(-1)?.query.get('shieldedId')).toBe('42'),
    );
  });

  it('gifts: records by day; a price the schema refuses is not sent, a good one is', async () => {
    const r = renderPage(Page, { permissions: ['chat.moderate'], answers: platform });
    await open('礼物');
    expect(await screen.findByText('奖杯')).toBeTruthy();
    typeInto(document.body, '开始日期', '2026-05-01');
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(reads(r.calls, 'chat/gift-records').at(-1)?.query.get('from')).toBe('2026-05-01'),
    );
    const row = (await screen.findByText('火箭')).closest('tr')!;
    fireEvent.click(button(row, '编辑'));
    const dialog = await findDialog('编辑礼物');
    typeInto(dialog, '价格（金币）', '1.5');
    fireEvent.click(button(dialog, '保存'));
    expect(await within(dialog).findByText('价格为 1–1000000 的整数')).toBeTruthy();
    expect(writes(r.calls)).toHaveLength(0);
    typeInto(dialog, '价格（金币）', '800');
    fireEvent.click(button(dialog, '保存'));
    await waitFor(() => expect(writes(r.calls)).toHaveLength(1));
    expect(writes(r.calls)[0]).toMatchObject({
      path: '/admin/api/v1/chat/gifts',
      body: { giftId: 4, name: '火箭', icon: gift.icon, price: '800', enabled: true },
    });
  });

  it('tools: deletes a message by id after confirming', async () => {
    const r = renderPage(Page, { permissions: ['chat.moderate'], answers: platform });
    await open('过滤词与维护');
    typeInto(document.body, '消息 ID', '123');
    fireEvent.click(button(document.body, '删除消息'));
    fireEvent.click(await screen.findByText('删除'));
    await waitFor(() => expect(writes(r.calls)).toHaveLength(1));
    expect(writes(r.calls)[0]).toMatchObject({
      path: '/admin/api/v1/chat/messages/123/delete',
      body: {},
    });
  });

  it('without chat.moderate: no list is asked, no tab of its lists, no write button', async () => {
    const r = renderPage(Page, { permissions: ['member.read'], answers: platform });
    expect(await screen.findByText('房间')).toBeTruthy();
    for (const tab of ['禁言', '屏蔽', '礼物']) expect(screen.queryByText(tab)).toBeNull();
    expect(screen.queryByText('新建房间')).toBeNull();
    expect(screen.queryByText('导出 CSV')).toBeNull();
    expect(r.calls).toHaveLength(0);
  });
});
