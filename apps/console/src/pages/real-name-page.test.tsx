import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage, type Answers, type SentCall } from '../test/render-page';
import { Page } from './real-name-page';

const row = (memberId: number, userName: string, status: string) => ({
  memberId,
  userName,
  realName: '王小明',
  submittedAt: 1_777_000_000_000,
  status,
  reason: status === 'rejected' ? '证件不符' : null,
  reviewedAt: status === 'pending' ? null : 1_777_000_100_000,
  reviewedBy: status === 'pending' ? null : 'op',
});
const platform: Answers = (c) => {
  if (c.path !== '/admin/api/v1/realName/pending') return undefined;
  if (c.query.get('from') === '2026-05-09') return { code: 9773 };
  const status = c.query.get('status') ?? 'pending';
  return {
    data: {
      list: [row(42, status === 'pending' ? 'alice' : 'carol', status)],
      total: 45,
      page: Number(c.query.get('page')),
      pageSize: 20,
    },
  };
};
const reads = (calls: SentCall[]) =>
  calls.filter((c) => c.path === '/admin/api/v1/realName/pending');
const typeInto = (label: string, value: string) =>
  fireEvent.change(document.querySelector(`input[aria-label="${label}"]`)!, {
    target: { value },
  });
afterEach(() => vi.unstubAllGlobals());

describe('实名审核 page', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('asks the server for the queue a page at a time', async () => {
    const r = renderPage(Page, { permissions: ['realname.review'], answers: platform });
    expect(await screen.findByText('alice')).toBeTruthy();
    expect(reads(r.calls)[0]!.query.toString()).toBe('status=pending&page=1&pageSize=20');
    fireEvent.click(await screen.findByTitle('3'));
    await waitFor(() => expect(reads(r.calls).at(-1)!.query.get('page')).toBe('3'));
  });

  it('sends the filters to the list and the export; a decided row has no buttons', async () => {
    const seen: URL[] = [];
    vi.stubGlobal('fetch', (input: string) => {
      seen.push(new URL(input, 'http://console.test'));
      return Promise.resolve(new Response('\uFEFF会员ID\r\n'));
    });
    const r = renderPage(Page, { permissions: ['realname.review'], answers: platform });
    await screen.findByText('alice');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByTitle('已驳回'));
    typeInto('提交自', '2026-05-01');
    typeInto('提交至', '2026-05-07');
    typeInto('会员账号', 'car');
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    const decided = (await screen.findByText('carol')).closest('tr')!;
    expect(reads(r.calls).at(-1)!.query.toString()).toBe(
      'status=rejected&from=2026-05-01&to=2026-05-07&q=car&page=1&pageSize=20',
    );
    expect(within(decided).getByText('证件不符')).toBeTruthy();
    expect(within(decided).queryByRole('button', { name: '通过' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.pathname).toBe('/admin/api/v1/exports/real-name-pending');
    expect(seen[0]!.searchParams.toString()).toBe(
      'status=rejected&from=2026-05-01&to=2026-05-07&q=car',
    );
  });

  it('days the wrong way round: the server’s 9773 is shown', async () => {
    renderPage(Page, { permissions: ['realname.review'], answers: platform });
    await screen.findByText('alice');
    typeInto('提交自', '2026-05-09');
    typeInto('提交至', '2026-05-01');
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByText(/9773/)).toBeTruthy();
  });
});
