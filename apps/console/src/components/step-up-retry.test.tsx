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
import { Page as Approvals } from '../pages/approvals-page';
import { Page as Deposits } from '../pages/deposits-page';
import { Page as Withdrawals } from '../pages/withdrawals-page';
import { VenueFamilySwitches } from '../pages/venue-family-switches';

/**
 * Money actions need a fresh step-up (9600, docs/contract.md §4.1): the page opens the step-up
 * dialog, steps up for the class, and sends the same request again with the same idempotency
 * key, so the money moves at most once.
 */
const order = {
  orderId: 'W1',
  memberId: 42,
  userName: 'alice',
  amount: '500.00',
  status: 'review',
  createdAt: 1,
  updatedAt: 1,
  accountLabel: '工商银行 尾号1234',
  channelName: '银行卡',
  currency: 'CNY',
  creditAmount: '500.00',
  depositorName: null,
};
const page = (list: unknown[]) => ({ data: { list, total: list.length, page: 1, pageSize: 20 } });

/** The write answers 9600 until a step-up was made, then succeeds. */
function stepUpFirst(write: string, lists: Record<string, unknown[]>): Answers {
  let steppedUp = false;
  return (c) => {
    if (c.path in lists) return page(lists[c.path]!);
    if (c.path === '/admin/api/v1/me') return { data: { totpEnabled: true } };
    if (c.path === '/admin/api/v1/passkeys') return { data: { list: [] } };
    if (c.path === '/admin/api/v1/stepUp') {
      steppedUp = true;
      return { data: { until: 1 } };
    }
    if (c.path === write) return steppedUp ? { data: { ok: true } } : { code: 9600 };
    return undefined;
  };
}

async function stepUpWith(code: string) {
  const dialog = await findDialog('二次验证');
  fireEvent.change(within(dialog).getByLabelText('两步验证码'), { target: { value: code } });
  fireEvent.click(within(dialog).getByRole('button', { name: '验证' }));
}

/** Both tries went to the route with one idempotency key; the step-up for money in between. */
function expectRetried(calls: SentCall[], path: string) {
  const sent = writes(calls);
  expect(sent.map((c) => c.path)).toEqual([path, '/admin/api/v1/stepUp', path]);
  expect(sent[1]!.body).toEqual({ class: 'money', code: '654321' });
  const key = (c: SentCall) => c.headers['X-Idempotency-Key'];
  expect(key(sent[0]!)).toBeTruthy();
  expect(key(sent[2]!)).toBe(key(sent[0]!));
}

describe('money step-up in the console', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('取款审核: approving a payout steps up and sends the same request again', async () => {
    const path = '/admin/api/v1/withdrawals/W1/approve';
    const r = renderPage(Withdrawals, {
      permissions: ['withdraw.review'],
      answers: stepUpFirst(path, { '/admin/api/v1/withdrawals': [order] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '批准出款' }));
    const reason = await findDialog('批准出款');
    fireEvent.click(within(reason).getByRole('button', { name: '确定' }));
    await stepUpWith('654321');
    await waitFor(() => expect(writes(r.calls)).toHaveLength(3));
    expectRetried(r.calls, path);
  });

  it('存款确认: confirming a deposit steps up and sends the same request again', async () => {
    const path = '/admin/api/v1/deposits/W1/confirm';
    const r = renderPage(Deposits, {
      permissions: ['deposit.review'],
      answers: stepUpFirst(path, { '/admin/api/v1/deposits': [{ ...order, status: 'pending' }] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '确认到账' }));
    const reason = await findDialog('确认到账');
    fireEvent.click(within(reason).getByRole('button', { name: '确定' }));
    await stepUpWith('654321');
    await waitFor(() => expect(writes(r.calls)).toHaveLength(3));
    expectRetried(r.calls, path);
  });

  it('待复核: approving a money request steps up for money and runs it again', async () => {
    const path = '/admin/api/v1/approvals/5/approve';
    const approval = {
      id: 5,
      action: 'adminWithdrawApprove',
      target: 'withdraw:W1',
      payload: {},
      amount: '50000.00',
      requestedBy: 'someone-else',
      status: 'pending',
      decidedBy: null,
      createdAt: 1,
      expiresAt: 2,
      decidedAt: null,
      result: null,
      approve: 'withdraw.approve.large',
    };
    const r = renderPage(Approvals, {
      permissions: ['withdraw.approve.large'],
      answers: stepUpFirst(path, { '/admin/api/v1/approvals': [approval] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '批准' }));
    await stepUpWith('654321');
    await waitFor(() => expect(writes(r.calls)).toHaveLength(3));
    const sent = writes(r.calls);
    expect(sent.map((c) => c.path)).toEqual([path, '/admin/api/v1/stepUp', path]);
    expect(sent[1]!.body).toEqual({ class: 'money', code: '654321' });
  });

  it('类别维护: a page calling the API itself (run) steps up for settings and writes again', async () => {
    const path = '/admin/api/v1/settings';
    let steppedUp = false;
    const r = renderPage(VenueFamilySwitches, {
      permissions: ['settings.write'],
      answers: (c) => {
        if (c.path === '/admin/api/v1/me') return { data: { totpEnabled: true } };
        if (c.path === '/admin/api/v1/passkeys') return { data: { list: [] } };
        if (c.path === '/admin/api/v1/stepUp') {
          steppedUp = true;
          return { data: { until: 1 } };
        }
        if (c.path !== path) return undefined;
        if (c.method === 'GET') return { data: { venueFamiliesMaintenance: [] } };
        return steppedUp ? { data: { venueFamiliesMaintenance: ['QP'] } } : { code: 9600 };
      },
    });
    fireEvent.click(await screen.findByRole('switch', { name: '棋牌 类别维护' }));
    await stepUpWith('654321');
    await waitFor(() => expect(writes(r.calls)).toHaveLength(3));
    const sent = writes(r.calls);
    expect(sent.map((c) => c.path)).toEqual([path, '/admin/api/v1/stepUp', path]);
    // The class comes from the route table (settings), not the money default.
    expect(sent[1]!.body).toEqual({ class: 'settings', code: '654321' });
    expect(sent[2]!.body).toEqual({ venueFamiliesMaintenance: ['QP'] });
    // Written: the reads are fetched again and the dialog is gone.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '二次验证' })).toBeNull());
  });
});
