import { expect, memberTest } from './support/fixtures';
import { shot } from './support/shots';
import { operator, register } from './support/wallet-steps';

/**
 * 积分商城 in the browser at 390×844 (contract §5 Points mall): a member with points (credited by
 * an operator's 积分调整) opens the mall from the member centre, redeems a physical item with
 * the address form, sees it pending, shipped with its tracking number, then delivered, and
 * finds the points it cost in 积分记录 (filtered to 兑换).
 */
const test = memberTest;

test('redeem a physical item, follow it in 兑换记录, see it in 积分记录', async ({
  page,
  request,
  cspViolations,
}) => {
  test.setTimeout(120_000);
  const userName = await register(page);
  const op = await operator(request);
  const memberId = await op.memberId(userName);
  await op.call(
    'POST',
    `/admin/api/v1/members/${memberId}/points/adjust`,
    { direction: 'credit', points: '30000', reason: '活动积分' },
    true,
  );

  await page.goto('/mine');
  await page.getByRole('link', { name: '积分商城' }).click();
  await expect(page).toHaveURL(/\/mine\/mall\/record$/);
  await expect(page.getByTestId('mall-points')).toHaveText('30,000');
  await expect(page.getByText('暂无兑换记录')).toBeVisible();

  const item = page.getByTestId('mall-item').filter({ hasText: '品牌蓝牙耳机' });
  await item.getByRole('button', { name: '兑换' }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toContainText('兑换 品牌蓝牙耳机');
  // The address is asked for and checked before anything is sent.
  await sheet.getByRole('button', { name: '确认兑换' }).click();
  await expect(sheet.getByText('请输入正确的 11 位手机号')).toBeVisible();
  await sheet.getByLabel('收货人').fill('张三');
  await sheet.getByLabel('手机号').fill('13800138000');
  await sheet.getByLabel('收货地址').fill('上海市浦东新区世纪大道 100 号');
  await sheet.getByRole('button', { name: '确认兑换' }).click();
  await expect(sheet).toBeHidden();

  await expect(page.getByTestId('mall-points')).toHaveText('10,000');
  const row = page.getByTestId('mall-redemption').first();
  await expect(row).toContainText('品牌蓝牙耳机');
  await expect(row).toContainText('待发货');
  await expect(row).toContainText('张三 13800138000');

  const orders = await op.call<{ list: { id: number; memberId: number }[] }>(
    'GET',
    '/admin/api/v1/mall/redemptions?status=pending',
  );
  const order = orders.list.find((o) => o.memberId === memberId)!;
  await op.call('POST', `/admin/api/v1/mall/redemptions/${order.id}/ship`, {
    trackingNo: 'SF1234567890',
  });
  await page.reload();
  await expect(row).toContainText('已发货');
  await expect(page.getByTestId('mall-tracking')).toHaveText('快递单号 SF1234567890');
  await shot(page, 'mall-record');
  // The operator marks it delivered: the last step of a physical order.
  await op.call('POST', `/admin/api/v1/mall/redemptions/${order.id}/deliver`, {});
  await page.reload();
  await expect(row).toContainText('已签收');
  await expect(page.getByTestId('mall-tracking')).toHaveText('快递单号 SF1234567890');

  await page.getByRole('link', { name: '积分记录' }).click();
  await expect(page).toHaveURL(/\/mine\/mall\/coinRecord$/);
  await expect(page.getByTestId('points-balance')).toHaveText('10,000');
  await expect(page.getByTestId('points-entry')).toHaveCount(2);
  await page.getByRole('button', { name: '兑换', exact: true }).click();
  await expect(page.getByTestId('points-entry')).toHaveCount(1);
  await expect(page.getByTestId('points-entry')).toContainText('-20,000');
  await expect(page.getByTestId('points-entry')).toContainText('兑换 品牌蓝牙耳机');
  await page.getByRole('button', { name: '全部', exact: true }).click();
  await expect(page.getByTestId('points-entry')).toHaveCount(2);
  await shot(page, 'mall-coin-record');

  expect(cspViolations).toEqual([]);
});
