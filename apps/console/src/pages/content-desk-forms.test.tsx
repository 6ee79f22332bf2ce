import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  findDialog,
  PAGE_TEST_TIMEOUT,
  renderPage,
  writes,
  type Answers,
} from '../test/render-page';
import { Page } from './content-page';

const mail = {
  id: 11,
  title: '维护通知',
  body: '今晚维护',
  audience: { kind: 'all' },
  sentBy: 'op',
  sentAt: 1,
  revoked: false,
  marketing: false,
  reads: 0,
};
const feedback = {
  id: 21,
  category: 'deposit',
  content: '存款没有到账',
  contact: 'qq 1',
  status: 'pending',
  reply: null,
  repliedAt: null,
  createdAt: 1,
  memberId: 42,
  userName: 'alice',
  repliedBy: null,
};
const page = (list: unknown[]) => ({ data: { list, total: list.length, page: 1, pageSize: 20 } });

const platform: Answers = (c) => {
  const p = c.path.replace('/admin/api/v1/', '');
  if (c.method === 'GET') {
    if (p.startsWith('content/')) return { data: { list: [] } };
    if (p === 'help' || p === 'sponsors') return page([]);
    if (p === 'mail') return page([mail]);
    if (p === 'feedback') return page([feedback]);
    return undefined;
  }
  if (p === 'mail') return { data: { ...mail, id: 12 } };
  if (p === 'mail/11/revoke') return { data: { ...mail, revoked: true } };
  if (p === 'feedback/21/reply') return { data: { ...feedback, status: 'replied' } };
  return undefined;
};
// Text queries, not role queries: a role query names every element of this long page (slow).
const button = (root: HTMLElement, name: string) => within(root).getByText(name).closest('button')!;

describe('内容管理: mail and feedback', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('sends a mail to one member, validated first, and revokes a sent one', async () => {
    const r = renderPage(Page, { permissions: ['content.write'], answers: platform });
    await screen.findByText('发送站内信');
    fireEvent.click(button(document.body, '发送站内信'));
    const dialog = await findDialog('发送站内信');
    fireEvent.click(button(dialog, '发送'));
    await within(dialog).findByText('请填写标题');
    expect(writes(r.calls)).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('会员编号'), { target: { value: '42' } });
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '补发说明' } });
    fireEvent.change(within(dialog).getByLabelText('正文'), { target: { value: '已补发' } });
    fireEvent.click(button(dialog, '发送'));
    await screen.findByText('已发送');
    expect(writes(r.calls)).toMatchObject([
      {
        path: '/admin/api/v1/mail',
        body: { title: '补发说明', body: '已补发', audience: { kind: 'member', memberId: 42 } },
      },
    ]);
    const row = (await screen.findByText('维护通知')).closest('tr')!;
    fireEvent.click(button(row, '撤回'));
    fireEvent.click(button(document.querySelector<HTMLElement>('.ant-popover')!, '撤回'));
    await waitFor(() =>
      expect(writes(r.calls).at(-1)).toMatchObject({ path: '/admin/api/v1/mail/11/revoke' }),
    );
  });

  it('replies to feedback, leaving it open by default', async () => {
    const r = renderPage(Page, { permissions: ['content.write'], answers: platform });
    const row = (await screen.findByText('存款没有到账')).closest('tr')!;
    fireEvent.click(button(row, '回复'));
    const dialog = await findDialog('回复反馈 #21');
    fireEvent.change(within(dialog).getByLabelText('回复内容'), {
      target: { value: '已为您补单' },
    });
    fireEvent.click(button(dialog, '回复'));
    await screen.findByText('已回复');
    expect(writes(r.calls)).toMatchObject([
      { path: '/admin/api/v1/feedback/21/reply', body: { reply: '已为您补单', status: 'replied' } },
    ]);
  });
});
