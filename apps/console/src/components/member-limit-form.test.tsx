import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ResponseOf } from '../api/admin-routes';
import {
  findDialog,
  PAGE_TEST_TIMEOUT,
  renderPage,
  writes,
  type Answers,
} from '../test/render-page';
import { MemberLimits } from './member-profile';

type Detail = ResponseOf<'adminMemberDetail'>;
/** The member detail as far as the limits card reads it (no break running). */
const detail = { member: { playBreak: null } } as unknown as Detail;
const LIMITS = '/admin/api/v1/members/42/limits';

const limit = (kind: string, period: string, amount: string | null) => ({
  kind,
  period,
  amount,
  request: null,
});
const list = [
  limit('deposit', 'day', null),
  limit('loss', 'day', '100.00'),
  limit('loss', 'week', null),
];

/** The platform: the limits above; a write lowering to 50 succeeds, anything higher is 9213. */
const platform: Answers = (c) => {
  if (c.path !== LIMITS) return undefined;
  if (c.method === 'GET') return { data: { list } };
  const body = c.body as { amount: string };
  return Number(body.amount) > 100 ? { code: 9213 } : { data: { list } };
};
const Card = () => <MemberLimits memberId={42} detail={detail} />;

describe('负责任博彩 limits in the member detail', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('an operator lowers a limit with a reason; a raise shows the coded refusal', async () => {
    const r = renderPage(Card, { permissions: ['rg.manage'], answers: platform });
    fireEvent.click(await screen.findByRole('button', { name: '设定每日亏损限额' }));
    const dialog = await findDialog('设定每日亏损限额');
    expect(within(dialog).getByText(/当前额度：100\.00/)).toBeTruthy();

    // Nothing is sent without a valid amount and a reason.
    fireEvent.change(within(dialog).getByLabelText('额度（元）'), { target: { value: '1.234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入大于 0、最多两位小数的金额')).toBeTruthy();
    expect(await within(dialog).findByText('请填写原因（200 字以内）')).toBeTruthy();
    expect(writes(r.calls)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('额度（元）'), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '客户要求' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText(/不能提高或取消（9213）/)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('额度（元）'), { target: { value: '50' } });
    // The name may still hold "loading": jsdom never ends the spinner's leave animation.
    fireEvent.click(within(dialog).getByRole('button', { name: /确定$/ }));
    await screen.findByText('已保存');
    expect(writes(r.calls)).toMatchObject([
      { path: LIMITS, body: { kind: 'loss', period: 'day', amount: '500', reason: '客户要求' } },
      { path: LIMITS, body: { kind: 'loss', period: 'day', amount: '50', reason: '客户要求' } },
    ]);
  });
});
