import { expect, memberTest } from './support/fixtures';
import { ACCOUNT_CASES } from './support/payout-cases';
import { depositOnline, memberCall, operator, PASSWORD, register } from './support/wallet-steps';

/**
 * The wallet in the browser (issue "Wallet", Tests → Browser): a deposit through the sandbox
 * cashier updates the balance everywhere; a withdrawal shows the turnover it misses, then —
 * after an operator's waiver and approval — its timeline; every payment-account page adds,
 * lists and removes. Real server, built site, operator calls on /admin/api.
 */

const test = memberTest;

test('a deposit through the sandbox cashier updates the top bar, the wallet and the records', async ({
  page,
  cspViolations,
}) => {
  await register(page);
  const topBalance = page.getByRole('banner').getByRole('button', { name: /余额/ });
  await expect(topBalance).toHaveAccessibleName(/¥0\.00/);

  await depositOnline(page, '200');
  // The cashier shows the new balance right after paying.
  await expect(page.getByTestId('cashier-new-balance')).toContainText('200.00 CNY');

  await page.goto('/');
  await expect(topBalance).toHaveAccessibleName(/¥200\.00/);
  await expect(topBalance).toContainText('200.00');

  await page.goto('/mine/finance/wallet');
  await expect(page.getByTestId('wallet-main')).toHaveText('¥200.00');

  await page.goto('/mine');
  await expect(page.getByTestId('mine-main-balance')).toHaveText('¥200.00');

  await page.goto('/mine/record/transRecord');
  const row = page.locator('[data-record-type="deposit"]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('存款');
  await expect(row).toContainText('+200.00');
  await expect(row).toContainText('余额 200.00');
  await expect(page.getByTestId('day-totals').first()).toContainText('收入 200.00');

  // The order itself is credited, with its timeline.
  await page.goto('/mine/finance/deposit?tab=records');
  const order = page.locator('[data-order-id]').first();
  await expect(order).toContainText('已到账');
  await order.getByText('订单进度').click();
  await expect(order.getByRole('list', { name: '订单进度' })).toContainText('支付成功');
  expect(cspViolations).toEqual([]);
});

test('a withdrawal shows the missing turnover first; after a waiver it is submitted and its timeline follows the approval', async ({
  page,
  request,
}) => {
  const userName = await register(page);
  const admin = await operator(request);
  const memberId = await admin.memberId(userName);
  // Accounts usable at once for this run (the cool-off is tested on the server).
  await admin.call('POST', '/admin/api/v1/settings', { payoutCooloffHours: 0 });

  await depositOnline(page, '200');
  // Real name approved by an operator, fund password set, a payout account bound.
  await memberCall(page, 'POST', '/site/api/v1/user/realName/submit', { realName: '王小明' });
  await admin.call('POST', `/admin/api/v1/realName/${memberId}/review`, { approve: true });
  await memberCall(page, 'POST', '/site/api/v1/user/fundPassword/set', {
    fundPassword: '246810',
    stepUp: { password: PASSWORD },
  });
  await memberCall(page, 'POST', '/fd/api/v1/payment-accounts', {
    type: 'alipay',
    accountNo: '13800138000',
    stepUp: { password: PASSWORD },
  });

  await page.goto('/mine/finance/withdrawal');
  await expect(page.getByTestId('check-real-name')).toContainText('已通过审核');
  await expect(page.getByTestId('check-fund-password')).toContainText('已设置');
  // The 200.00 deposit requires 200.00 of turnover (multiplier 1); none is done yet.
  await expect(page.getByTestId('check-turnover')).toContainText('还差 ¥200.00 有效流水');
  await expect(page.getByRole('button', { name: '暂不满足取款条件' })).toBeDisabled();
  await page.goto('/mine/audit');
  await expect(page.getByTestId('audit-state')).toHaveText('还需完成 ¥200.00 有效流水才能取款');

  await admin.call('POST', `/admin/api/v1/members/${memberId}/turnover/waive`, {
    reason: 'e2e 免除',
  });
  await page.goto('/mine/finance/withdrawal');
  await expect(page.getByTestId('check-turnover')).toContainText('已达标');
  await expect(page.getByRole('radio', { name: /支付宝/ })).toHaveAttribute('aria-checked', 'true');
  const amount = page.getByRole('textbox', { name: '取款金额' });
  await amount.fill('150.505');
  await expect(amount).toHaveValue('150.50');
  await page.getByRole('button', { name: '立即取款' }).click();
  const sheet = page.getByRole('dialog', { name: '确认取款' });
  await expect(sheet.getByTestId('confirm-amount')).toHaveText('150.50CNY');
  await expect(sheet.getByRole('button', { name: '确认取款' })).toBeDisabled();
  await sheet.getByLabel('资金密码').fill('246810');
  await sheet.getByRole('button', { name: '确认取款' }).click();

  await expect(page.getByText('取款申请已提交')).toBeVisible();
  await expect(page.getByTestId('withdraw-new-balance')).toContainText('49.50 CNY');
  const submitted = page.locator('[data-order-id^="W"]');
  const orderId = await submitted.getAttribute('data-order-id');
  const timeline = submitted.getByRole('list', { name: '订单进度' });
  await expect(timeline).toContainText('申请已提交');
  await expect(timeline).toContainText('资金已冻结');
  await expect(timeline.locator('[aria-current="step"]')).toHaveText('等待财务审核出款');

  await admin.call('POST', `/admin/api/v1/withdrawals/${orderId}/approve`, {}, true);
  await page.getByRole('button', { name: '查看取款记录' }).click();
  await expect(page).toHaveURL(/tab=records/);
  await page.reload();
  const card = page.locator(`[data-order-id="${orderId}"]`);
  await expect(card).toContainText('已出款');
  await expect(card.getByRole('list', { name: '订单进度' })).toContainText('已出款，请留意到账');
  await expect(card.locator('[aria-current="step"]')).toHaveCount(0);

  await page.goto('/mine/balance');
  await expect(page.getByTestId('balance-main')).toHaveText('49.50 CNY');
  await expect(page.getByTestId('balance-locked')).toHaveText('0.00 CNY');
});

test('each of the 14 payment-account pages adds an account, lists it masked and removes it', async ({
  page,
  cspViolations,
}) => {
  test.setTimeout(180_000);
  await register(page);
  // A bank card is held in the member's real name (submitted is enough to bind one).
  await memberCall(page, 'POST', '/site/api/v1/user/realName/submit', { realName: '李小红' });

  for (const item of ACCOUNT_CASES) {
    await test.step(item.path, async () => {
      await page.goto(item.path);
      if (item.start === 'addPage') {
        await expect(page.getByText('已绑定 0 /')).toBeVisible();
        await page.getByRole('button', { name: item.addButton }).click();
        await expect(page).not.toHaveURL(new RegExp(`${item.path}$`));
      } else if (item.start === 'sheet') {
        await page.getByRole('button', { name: item.addButton }).click();
      }
      if (item.path.endsWith('bindBankCard') || item.path.endsWith('addBankCard')) {
        await expect(page.getByText('李**', { exact: true })).toBeVisible();
      }
      await item.fill(page);
      await page.getByLabel('登录密码').fill(PASSWORD);
      await page.getByRole('button', { name: '确认添加' }).click();
      if (item.warning) {
        const warning = page.getByRole('dialog', { name: '请核对账户信息' });
        await expect(warning).toContainText('Luhn');
        await warning.getByRole('button', { name: '我已核对' }).click();
      }

      await expect(page).toHaveURL(new RegExp(`${item.listPath}$`));
      const card = page.locator('.nb-pacct', { hasText: item.masked });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('可用于取款时间');
      if (item.warning) await expect(card).toContainText('卡号未通过 Luhn 校验');
      await expect(page.getByTestId('payout-count')).toContainText('已绑定 1 /');

      await card.getByRole('button', { name: '删除' }).click();
      await page
        .getByRole('dialog', { name: '删除收款账户' })
        .getByRole('button', { name: '删除' })
        .click();
      await expect(card).toHaveCount(0);
      await expect(page.getByTestId('payout-count')).toContainText('已绑定 0 /');
    });
  }
  expect(cspViolations).toEqual([]);
});
