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

const helpRow = { slug: 'ck', title: '存款帮助', category: 'guide', version: 3, updatedAt: 1 };
const doc = {
  ...helpRow,
  body: '存款说明 {{siteName}}',
  updatedBy: 'op',
  placeholders: { siteName: '星云' },
  versions: [],
};
const sponsor = {
  id: 4,
  title: '球队赞助',
  imageUrl: '/static/sponsors/a.svg',
  summary: '官方合作',
  body: '详情',
  startsOn: '2026-01-01',
  endsOn: null,
  sort: 0,
  enabled: true,
};
const page = (list: unknown[]) => ({ data: { list, total: list.length, page: 1, pageSize: 20 } });

const platform: Answers = (c) => {
  const p = c.path.replace('/admin/api/v1/', '');
  if (c.method === 'GET') {
    if (p.startsWith('content/')) return { data: { list: [] } };
    if (p === 'help') return { data: { list: [helpRow] } };
    if (p === 'help/ck') return { data: doc };
    if (p === 'sponsors') return { data: { list: [sponsor] } };
    if (p === 'mail' || p === 'feedback') return page([]);
    return undefined;
  }
  if (p === 'help/ck') return { data: { ...doc, version: 4 } };
  if (p === 'sponsors') return { data: sponsor };
  return undefined;
};
const button = (root: HTMLElement, name: string) => within(root).getByText(name).closest('button')!;

describe('内容管理: help pages and sponsorships', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('edits a help page over the version it opened', async () => {
    const r = renderPage(Page, { permissions: ['content.write'], answers: platform });
    const row = (await screen.findByText('存款帮助')).closest('tr')!;
    fireEvent.click(button(row, '编辑'));
    const dialog = await findDialog('编辑帮助页 ck');
    const body = await within(dialog).findByLabelText('正文（Markdown）');
    expect(within(dialog).getByText('可用占位符：siteName')).toBeTruthy();
    fireEvent.change(body, { target: { value: '新的说明' } });
    fireEvent.click(button(dialog, '保存'));
    await screen.findByText('已保存（第 4 版）');
    expect(writes(r.calls)).toMatchObject([
      {
        path: '/admin/api/v1/help/ck',
        body: { title: '存款帮助', body: '新的说明', baseVersion: 3 },
      },
    ]);
  });

  it('edits a sponsorship, sending its id; a bad image path is refused first', async () => {
    const r = renderPage(Page, { permissions: ['content.write'], answers: platform });
    const row = (await screen.findByText('球队赞助')).closest('tr')!;
    fireEvent.click(button(row, '编辑'));
    const dialog = await findDialog('编辑赞助 球队赞助');
    fireEvent.change(within(dialog).getByLabelText('图片地址'), { target: { value: 'http://x' } });
    fireEvent.click(button(dialog, '保存'));
    await within(dialog).findByText('图片地址须为 https 或站内 /static/ 路径');
    expect(writes(r.calls)).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('图片地址'), {
      target: { value: '/static/sponsors/b.svg' },
    });
    fireEvent.click(button(dialog, '保存'));
    await waitFor(() =>
      expect(writes(r.calls)).toMatchObject([
        {
          path: '/admin/api/v1/sponsors',
          body: { id: 4, imageUrl: '/static/sponsors/b.svg', endsOn: null, startsOn: '2026-01-01' },
        },
      ]),
    );
  });
});
