import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  findDialog,
  PAGE_TEST_TIMEOUT,
  renderPage,
  writes,
  type Answers,
} from '../test/render-page';
import { Page } from './content-page';

const page = (list: unknown[]) => ({ data: { list, total: list.length, page: 1, pageSize: 20 } });
const sent = {
  id: 12,
  title: '高等级专享',
  body: '专享活动',
  audience: { kind: 'segment', vipMin: 3, vipMax: 5, activeWithinDays: 30 },
  sentBy: 'op',
  sentAt: 1,
  revoked: false,
  marketing: false,
  reads: 0,
  recipients: 57,
};

function platform(onSend: () => { data: unknown } | { code: number }): Answers {
  return (c) => {
    const p = c.path.replace('/admin/api/v1/', '');
    if (c.method === 'GET') {
      if (p.startsWith('content/')) return { data: { list: [] } };
      if (p === 'help' || p === 'sponsors' || p === 'mail' || p === 'feedback') return page([]);
      return undefined;
    }
    if (p === 'mail/audience-count') return { data: { recipients: 57 } };
    if (p === 'mail') return onSend();
    return undefined;
  };
}
const button = (root: HTMLElement, name: string) => within(root).getByText(name).closest('button')!;
const type = (root: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(root).getByLabelText(label), { target: { value } });

/** Opens the form and picks the audience kind; waits for the kind's first field. */
async function openForm(kind: string, firstField: string) {
  await screen.findByText('发送站内信');
  fireEvent.click(button(document.body, '发送站内信'));
  const dialog = await findDialog('发送站内信');
  fireEvent.mouseDown(within(dialog).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(kind));
  await within(dialog).findByLabelText(firstField);
  return dialog;
}

describe('发送站内信: segments and lists', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('a backwards VIP range is marked and nothing is asked; fixed, it previews then sends', async () => {
    const r = renderPage(Page, {
      permissions: ['content.write'],
      answers: platform(() => ({ data: sent })),
    });
    const dialog = await openForm('会员分群', '最低 VIP');
    type(dialog, '最低 VIP', '5');
    type(dialog, '最高 VIP', '3');
    type(dialog, '最近登录（天内）', '30');
    fireEvent.click(button(dialog, '预览人数'));
    await within(dialog).findByText('最高等级不能低于最低等级（0–99）');
    expect(writes(r.calls)).toEqual([]);
    type(dialog, '最低 VIP', '3');
    type(dialog, '最高 VIP', '5');
    fireEvent.click(button(dialog, '预览人数'));
    await within(dialog).findByText('预计发送给 57 位会员');
    type(dialog, '标题', '高等级专享');
    type(dialog, '正文', '专享活动');
    fireEvent.click(button(dialog, '发送'));
    await screen.findByText('已发送');
    const audience = { kind: 'segment', vipMin: 3, vipMax: 5, activeWithinDays: 30 };
    expect(writes(r.calls)).toMatchObject([
      { path: '/admin/api/v1/mail/audience-count', body: { audience } },
      { path: '/admin/api/v1/mail', body: { title: '高等级专享', audience } },
    ]);
  });

  it('a list of accounts is split by lines and commas', async () => {
    const r = renderPage(Page, {
      permissions: ['content.write'],
      answers: platform(() => ({
        data: { ...sent, audience: { kind: 'list', userNames: ['a'] } },
      })),
    });
    const dialog = await openForm('账号名单', '账号名单');
    type(dialog, '账号名单', 'alice\nbob, carol');
    type(dialog, '标题', '名单通知');
    type(dialog, '正文', '内容');
    fireEvent.click(button(dialog, '发送'));
    await screen.findByText('已发送');
    expect(writes(r.calls)).toMatchObject([
      {
        path: '/admin/api/v1/mail',
        body: { audience: { kind: 'list', userNames: ['alice', 'bob', 'carol'] } },
      },
    ]);
  });

  it('a bad date is refused before sending; the server’s coded refusal (9776) is shown', async () => {
    const r = renderPage(Page, {
      permissions: ['content.write'],
      answers: platform(() => ({ code: 9776 })),
    });
    const dialog = await openForm('会员分群', '最低 VIP');
    type(dialog, '注册起始日', '2026-13-01');
    type(dialog, '标题', '通知');
    type(dialog, '正文', '内容');
    fireEvent.click(button(dialog, '发送'));
    await within(dialog).findByText('日期格式为 YYYY-MM-DD');
    expect(writes(r.calls)).toEqual([]);
    type(dialog, '注册起始日', '2026-01-01');
    fireEvent.click(button(dialog, '发送'));
    await screen.findByText(/（9776）/);
    expect(writes(r.calls)).toHaveLength(1);
  });
});
