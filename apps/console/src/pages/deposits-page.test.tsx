import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, PAGE_TEST_TIMEOUT, renderPage, writes } from '../test/render-page';
import { Page } from './deposits-page';

const inReview = {
  orderId: 'D20261127X0001',
  channelId: 'ebpay',
  channelName: '网银支付',
  channelType: 'bank',
  amount: '300.00',
  currency: 'CNY',
  creditAmount: '300.00',
  status: 'review',
  payUrl: null,
  createdAt: 1,
  expiresAt: 2,
  timeline: [],
  memberId: 42,
  userName: 'zhang3',
  depositorName: null,
  receivedAmount: '299.00',
};

describe('存款确认 page', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('resolving a deposit in review steps up for money and resends it with the same key', async () => {
    let resolves = 0;
    const r = renderPage(Page, {
      permissions: ['deposit.review'],
      answers: (c) => {
        if (c.path === '/admin/api/v1/deposits')
          return { data: { list: [inReview], total: 1, page: 1, pageSize: 20 } };
        // The first try has no fresh second factor (9600); the second credits.
        if (c.path === `/admin/api/v1/deposits/${inReview.orderId}/resolve`)
          return resolves++ === 0 ? { code: 9600 } : { data: { ...inReview, status: 'credited' } };
        if (c.path === '/admin/api/v1/me') return { data: { totpEnabled: true } };
        if (c.path === '/admin/api/v1/passkeys') return { data: { list: [] } };
        if (c.path === '/admin/api/v1/stepUp') return { data: {} };
        return undefined;
      },
    });
    const row = (await screen.findByText('zhang3')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '按实收入账' }));
    const dialog = await findDialog('按实收入账');
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '核实到账 299' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    fireEvent.change(await screen.findByLabelText('两步验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    await screen.findByText('已处理');
    const sent = writes(r.calls).filter((c) => c.path.endsWith('/resolve'));
    expect(sent).toHaveLength(2);
    for (const s of sent) expect(s.body).toEqual({ credit: true, reason: '核实到账 299' });
    expect(sent[1]?.headers['X-Idempotency-Key']).toBe(sent[0]?.headers['X-Idempotency-Key']);
    expect(r.calls.find((c) => c.path === '/admin/api/v1/stepUp')?.body).toEqual({
      class: 'money',
      code: '123456',
    });
  });
});
