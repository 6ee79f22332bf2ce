import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  findDialog,
  PAGE_TEST_TIMEOUT,
  renderPage,
  writes,
  type Answer,
  type Answers,
} from '../test/render-page';
import { Page } from './content-page';

const notice = {
  id: 5,
  category: 2,
  title: '系统维护公告',
  content: '今晚维护',
  sort: 0,
  enabled: true,
  publishedAt: '2026-05-01T00:00:00.000Z',
};
const ad = {
  id: 7,
  title: '春季横幅',
  imageUrl: '/static/banners/banner-1.svg',
  link: '',
  sort: 1,
  enabled: false,
  startsAt: '2026-05-01T00:00:00.000Z',
  endsAt: null,
};

const empty = { list: [], total: 0, page: 1, pageSize: 20 };
function platform(save: Answer = { data: notice }): Answers {
  return (c) => {
    const p = c.path.replace('/admin/api/v1/', '');
    if (c.method === 'GET') {
      if (p === 'content/notices') return { data: { list: [notice] } };
      if (p === 'content/station-ads') return { data: { list: [ad] } };
      if (p === 'content/suspension-icons' || p === 'content/pop-activities')
        return { data: { list: [] } };
      if (['help', 'sponsors', 'mail', 'feedback'].includes(p)) return { data: empty };
      return undefined;
    }
    if (p.startsWith('content/')) return save;
    return undefined;
  };
}
// Text queries, not role queries: a role query names every element of this long page (slow).
const open = async (tab: string) => fireEvent.click(await screen.findByText(tab));
const button = (root: HTMLElement, name: string) => within(root).getByText(name).closest('button')!;

describe('内容管理: home content', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('creates a notice and disables one, with the schema-shaped bodies', async () => {
    const r = renderPage(Page, { permissions: ['content.write'], answers: platform() });
    const row = (await screen.findByText('系统维护公告')).closest('tr')!;
    fireEvent.click(button(row, '停用'));
    await screen.findByText('已保存');
    fireEvent.click(button(document.body, '新建公告'));
    const dialog = await findDialog('新建公告');
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '新公告' } });
    fireEvent.change(within(dialog).getByLabelText('内容'), { target: { value: '正文' } });
    fireEvent.click(button(dialog, '保存'));
    await waitFor(() => expect(writes(r.calls)).toHaveLength(2));
    expect(writes(r.calls).map((c) => [c.path, c.body])).toEqual([
      ['/admin/api/v1/content/notices/enable', { id: 5, enabled: false }],
      [
        '/admin/api/v1/content/notices',
        { category: 2, title: '新公告', content: '正文', sort: 0, enabled: true },
      ],
    ]);
  });

  it('banners: the form refuses a script address and a reversed window; nothing is sent', async () => {
    const r = renderPage(Page, { permissions: ['content.write'], answers: platform() });
    await open('轮播图');
    expect(await screen.findByText('春季横幅')).toBeTruthy();
    fireEvent.click(button(document.body, '新建轮播图'));
    const dialog = await findDialog('新建轮播图');
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '夏季' } });
    fireEvent.change(within(dialog).getByLabelText('图片地址'), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.change(within(dialog).getByLabelText('开始时间'), {
      target: { value: '2026-06-02T00:00:00+08:00' },
    });
    fireEvent.change(within(dialog).getByLabelText('结束时间'), {
      target: { value: '2026-06-01T00:00:00+08:00' },
    });
    fireEvent.click(button(dialog, '保存'));
    expect(await screen.findByText('地址须为 http(s) 地址或以 / 开头的站内路径')).toBeTruthy();
    expect(await screen.findByText('结束时间须晚于开始时间')).toBeTruthy();
    expect(writes(r.calls)).toEqual([]);
  });

  it('shows the server’s coded refusal in Chinese', async () => {
    renderPage(Page, { permissions: ['content.write'], answers: platform({ code: 9771 }) });
    await open('轮播图');
    const row = (await screen.findByText('春季横幅')).closest('tr')!;
    fireEvent.click(button(row, '启用'));
    expect(await screen.findByText(/（9771）/)).toBeTruthy();
  });

  it('shows the four tabs; without content.write nothing is asked, nothing offered', async () => {
    const r = renderPage(Page, { permissions: ['report.view'], answers: platform() });
    for (const tab of ['公告', '轮播图', '悬浮图标', '首页弹窗'])
      expect(await screen.findByText(tab)).toBeTruthy();
    expect(screen.queryByText('新建公告')).toBeNull();
    expect(screen.queryByText(/导出/)).toBeNull();
    expect(r.calls.filter((c) => c.path.includes('/content/'))).toEqual([]);
  });

  it('with content.write: the lists are asked and create and export are offered', async () => {
    const r = renderPage(Page, { permissions: ['content.write'], answers: platform() });
    await screen.findByText('系统维护公告');
    expect(screen.getByText('新建公告')).toBeTruthy();
    expect(screen.getAllByText(/导出/).length).toBeGreaterThan(0);
    expect(r.calls.map((c) => c.path)).toContain('/admin/api/v1/content/notices');
  });
});
