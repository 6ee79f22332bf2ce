import { shot } from './support/console-fixtures';
import { withdrawingMember } from './support/member-steps';
import { expect, test } from './support/operator-fixtures';
import { consoleLogin, consoleStepUp, newOperator } from './support/operator-steps';

type Balances = { main: string; locked: string };
type WithdrawalPage = { list: { orderId: string; status: string; amount: string }[] };
type ApprovalPage = { list: { id: number; target: string; status: string }[] };

/**
 * Four eyes on a large withdrawal (docs/contract.md §4.1): the reviewer's approval above the
 * threshold (150.00 here, support/operator-fixtures.ts) files a request instead of paying; the
 * reviewer cannot decide their own request; a second operator holding withdraw.approve.large
 * approves it in the console, and the money moves once.
 */
test('a withdrawal above the threshold waits for a second operator and is paid exactly once', async ({
  browser,
  root,
  baseURL,
}) => {
  test.setTimeout(150_000);
  // The superuser confirms the member's deposit (and later tries the paid order again): money
  // actions, one step-up that lasts the test (five minutes).
  await root.stepUp('money');
  const member = await withdrawingMember(browser, root.call, '300.00');
  const order = await member.withdraw('200.00');
  const reviewer = await newOperator(root, ['withdraw.review', 'member.read']);
  const approver = await newOperator(root, ['withdraw.approve.large']);

  // Operator A approves in the withdrawal review: the console says it waits for review.
  const a = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const pageA = await a.newPage();
  await consoleLogin(pageA, reviewer);
  await pageA.getByRole('link', { name: '取款审核' }).click();
  const row = pageA.getByRole('row', { name: new RegExp(order.orderId) });
  await expect(row).toContainText('200.00');
  await row.getByRole('button', { name: '批准出款' }).click();
  await pageA
    .getByRole('dialog', { name: '批准出款' })
    .getByRole('button', { name: '确定' })
    .click();
  // Paying out is a money action: A steps up first, then the approval files the request.
  await consoleStepUp(pageA, reviewer);
  await expect(pageA.getByText('待复核：已提交复核，待他人批准')).toBeVisible();
  // Not paid: the order is still in review and the amount still held.
  await pageA.reload();
  await expect(pageA.getByRole('row', { name: new RegExp(order.orderId) })).toContainText('200.00');
  expect(await member.call<Balances>('GET', '/fd/api/v1/wallet/balances')).toMatchObject({
    main: '100.00',
    locked: '200.00',
  });

  // A sees their own request but no button to decide it.
  await pageA.getByRole('link', { name: '待复核' }).click();
  const requestRow = pageA.getByRole('row', { name: new RegExp(`withdraw:${order.orderId}`) });
  await expect(requestRow).toContainText('待其他运营人员复核');
  await expect(requestRow.getByRole('button', { name: '批准' })).toHaveCount(0);
  // And the server refuses it too, with the catalogue's code.
  const mine = await reviewer.call<ApprovalPage>('GET', '/admin/api/v1/approvals?status=pending');
  const request = mine.data.list.find((r) => r.target === `withdraw:${order.orderId}`);
  expect(request, 'the pending request').toBeDefined();
  const own = await reviewer.call('POST', `/admin/api/v1/approvals/${request!.id}/approve`, {});
  expect(own.status_code).toBe(9606);

  // Operator B approves it in the console.
  const b = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const pageB = await b.newPage();
  await consoleLogin(pageB, approver);
  await pageB.getByRole('link', { name: '待复核' }).click();
  const rowB = pageB.getByRole('row', { name: new RegExp(`withdraw:${order.orderId}`) });
  await expect(rowB).toContainText('200.00');
  await expect(rowB).toContainText('批准取款（已出款）');
  await shot(pageB, 'console-approvals');
  await rowB.getByRole('button', { name: '批准' }).click();
  // Approving runs the payout: B steps up for money as the payer would.
  await consoleStepUp(pageB, approver);
  await expect(pageB.getByText('已批准并执行')).toBeVisible();
  await expect(
    pageB.getByRole('row', { name: new RegExp(`withdraw:${order.orderId}`) }),
  ).toHaveCount(0);

  // Paid once: the order is paid, the held amount gone, and neither a second decision nor a
  // second approval of the order moves money again.
  const paid = await root.call<WithdrawalPage>(
    'GET',
    '/admin/api/v1/withdrawals?status=paid&pageSize=100',
  );
  expect(paid.data.list.filter((o) => o.orderId === order.orderId)).toHaveLength(1);
  const again = await approver.call('POST', `/admin/api/v1/approvals/${request!.id}/approve`, {});
  expect(again.status_code).toBe(9605);
  const direct = await root.call('POST', `/admin/api/v1/withdrawals/${order.orderId}/approve`, {});
  // Already paid: the order's state changed (7009), not a new request nor a payment.
  expect(direct.status_code).toBe(7009);
  expect(await member.call<Balances>('GET', '/fd/api/v1/wallet/balances')).toMatchObject({
    main: '100.00',
    locked: '0.00',
  });

  await a.close();
  await b.close();
  await member.context.close();
});
