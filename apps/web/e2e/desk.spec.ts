import { HELP_SLUGS } from '@nebula/protocol/api/help-and-service/help-and-service.constants';
import type { Page } from '@playwright/test';
import { dismissDialogs, expect, memberTest as test } from './support/fixtures';
import { shot } from './support/shots';
import { operator, register } from './support/wallet-steps';

/**
 * The service side at 390×844: help centre, customer service, mail, feedback,
 * sponsorships and the download page, each reached as a member or visitor would, with the
 * operators' calls changing what they show.
 */

/** Every button and button-like link of the page's main content is at least 44 px tall. */
async function expectTapTargets(page: Page, scope = 'main, .nb-tabpage, .nb-page'): Promise<void> {
  const small = await page
    .locator(scope)
    .first()
    .evaluate((root) =>
      [...root.querySelectorAll('button, a.nb-btn, a.nb-pill, .nb-cs__open, .nb-cs__faq a')]
        .filter((el) => (el as HTMLElement).offsetParent !== null)
        .map((el) => ({ text: el.textContent?.trim() ?? '', h: el.getBoundingClientRect().height }))
        .filter((b) => b.h > 0 && b.h < 44),
    );
  expect(small).toEqual([]);
}

test.describe('help centre', () => {
  test('the index searches; a page shows live figures that follow the operator’s settings', async ({
    page,
    request,
  }) => {
    await page.goto('/help');
    await expect(page.getByRole('heading', { name: '新手指南' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '存取款' })).toBeVisible();
    await shot(page, 'help-index');
    await page.getByPlaceholder(/搜索问题/).fill('USDT');
    await expect(page.getByRole('heading', { name: '搜索结果' })).toBeVisible();
    await page.getByText('虚拟币存取款教程').first().click();
    await expect(page).toHaveURL(/\/help\/xnbcqkjc$/);
    await expect(page.getByRole('heading', { level: 1, name: '虚拟币存取款教程' })).toBeVisible();

    await page.goto('/help/qk');
    await expect(page.getByText(/单笔最低 100 元，最高 50,000 元/)).toBeVisible();
    await shot(page, 'help-page');
    const admin = await operator(request);
    await admin.call('POST', '/admin/api/v1/settings', { withdrawMin: '300' });
    try {
      await page.reload();
      await expect(page.getByText(/单笔最低 300 元，最高 50,000 元/)).toBeVisible();
    } finally {
      await admin.call('POST', '/admin/api/v1/settings', { withdrawMin: '100' });
    }
    // The way on from any page: customer service.
    await page.getByRole('link', { name: '联系在线客服' }).click();
    await expect(page).toHaveURL(/\/customer\/main$/);
  });

  test('all 21 pages open with their title and real text', async ({ page }) => {
    test.setTimeout(120_000);
    for (const slug of HELP_SLUGS) {
      await page.goto(`/help/${slug}`);
      const article = page.locator('article.nb-help__doc');
      await expect(article).toBeVisible();
      const text = (await article.textContent()) ?? '';
      expect([...text.replace(/\s/g, '')].length, slug).toBeGreaterThanOrEqual(300);
      expect(text, slug).not.toContain('{{');
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('帮助中心');
    }
    await page.goto('/help/tytzjc');
    await expect(page.getByRole('table')).toContainText('印尼盘');
    await page.goto('/help/fjcjc');
    await expect(page.getByText(/永远不会私下提供银行卡号/)).toBeVisible();
  });
});

test.describe('customer service', () => {
  test('the 客服 tab says when nothing is configured, then shows the operator’s channels', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await dismissDialogs(page);
    await page.getByRole('link', { name: '客服', exact: true }).click();
    await expect(page).toHaveURL(/\/customer\/main$/);
    await expect(page.getByText('暂未开通在线客服')).toBeVisible();
    await expect(page.getByRole('link', { name: '提交意见反馈' })).toBeVisible();
    await shot(page, 'customer-none');

    const admin = await operator(request);
    await admin.call('POST', '/admin/api/v1/settings', {
      csUrl: '/help/zxkf',
      csOpenMode: 'window',
      csHours: '每天 09:00–24:00',
      csChannels: [
        {
          kind: 'telegram',
          account: '@nebula_service',
          link: 'https://t.me/nebula_service',
          qr: '',
          note: '',
          backup: false,
        },
        { kind: 'qq', account: '800123456', link: '', qr: '', note: '工作日', backup: false },
        {
          kind: 'wechat',
          account: 'nebula-kf01',
          link: '',
          qr: 'https://u.wechat.com/nebula-kf01',
          note: '备用微信',
          backup: true,
        },
      ],
    });
    try {
      await page.reload();
      await expect(page.getByText('服务时间：每天 09:00–24:00')).toBeVisible();
      await expect(page.getByText('@nebula_service')).toBeVisible();
      await expect(page.getByRole('link', { name: '打开 Telegram' })).toHaveAttribute(
        'href',
        'https://t.me/nebula_service',
      );
      await expectTapTargets(page);
      await shot(page, 'customer');
      // An in-site online-service page opens inside the site.
      await page.getByRole('button', { name: '进入在线客服' }).click();
      await expect(page).toHaveURL(/\/help\/zxkf$/);
      await page.goto('/customer/instead');
      await expect(page.getByRole('heading', { name: '备用客服' })).toBeVisible();
      await expect(page.getByRole('img', { name: /微信二维码：nebula-kf01/ })).toBeVisible();
      await shot(page, 'customer-backup');

      // Frame mode: the outside page opens in the site's frame.
      await admin.call('POST', '/admin/api/v1/settings', {
        csUrl: 'https://cs.nebula.invalid/chat',
        csOpenMode: 'frame',
      });
      await page.goto('/customer/main');
      await page.getByRole('button', { name: '进入在线客服' }).click();
      await expect(page.locator('iframe[title="在线客服会话"]')).toHaveAttribute(
        'src',
        'https://cs.nebula.invalid/chat',
      );
    } finally {
      await admin.call('POST', '/admin/api/v1/settings', {
        csUrl: '',
        csOpenMode: 'window',
        csChannels: [],
        csHours: '7×24 小时',
      });
    }
  });
});

test('mail: new mail arrives live with the badge on 我的; read, delete and mark all read', async ({
  page,
  request,
}) => {
  const userName = await register(page);
  await dismissDialogs(page);
  const admin = await operator(request);
  const memberId = await admin.memberId(userName);
  const badge = page.locator('.nb-tabbar__badge');
  await expect(badge).toHaveCount(0);
  // Pushed over the socket: no reload, no navigation.
  await admin.call('POST', '/admin/api/v1/mail', {
    title: '欢迎加入星云',
    body: '您好！\n首存优惠已经开放，详情请查看优惠活动。',
    audience: { kind: 'member', memberId },
  });
  await expect(badge).toHaveText('1');
  for (const title of ['存款到账通知', '账户安全提醒'])
    await admin.call('POST', '/admin/api/v1/mail', {
      title,
      body: `${title}：请留意站内信。`,
      audience: { kind: 'member', memberId },
    });
  await expect(badge).toHaveText('3');

  await page.getByRole('link', { name: /^我的/ }).click();
  await expect(page.getByRole('link', { name: /站内信\s*，3 封未读/ })).toBeVisible();
  await page.getByRole('link', { name: /^站内信/ }).scrollIntoViewIfNeeded();
  await shot(page, 'mine-mail-badge');
  await page.getByRole('link', { name: /^站内信/ }).click();
  await expect(page).toHaveURL(/\/mine\/mail$/);
  await expect(page.getByText('3 封未读')).toBeVisible();
  await shot(page, 'mail');

  await page.getByRole('button', { name: /欢迎加入星云/ }).click();
  await expect(page.getByText('首存优惠已经开放，详情请查看优惠活动。')).toBeVisible();
  await expect(page.getByText('2 封未读')).toBeVisible();
  await page.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(page.getByRole('button', { name: /欢迎加入星云/ })).toHaveCount(0);
  await page.getByRole('button', { name: '全部已读' }).click();
  await expect(page.getByText('已全部标记为已读')).toBeVisible();
  await expect(page.getByRole('button', { name: '全部已读' })).toHaveCount(0);
  await page.goto('/');
  await dismissDialogs(page);
  await expect(badge).toHaveCount(0);
});

test('feedback: category, multi-line text and contact; the operator’s reply shows in 我的反馈', async ({
  page,
  request,
}) => {
  await register(page);
  await page.goto('/mine/feedback');
  const submit = page.getByRole('button', { name: '提交反馈' });
  await expect(submit).toBeDisabled();
  await page.getByText('功能建议', { exact: true }).click();
  await page
    .getByRole('textbox', { name: /问题描述/ })
    .fill('希望增加篮球比赛的角球盘口。\n另外希望支持夜间模式。');
  await page.getByRole('textbox', { name: /联系方式/ }).fill('QQ 12345678');
  await shot(page, 'feedback');
  await submit.click();
  await expect(page.getByText('提交成功，我们会尽快回复')).toBeVisible();
  await expect(page).toHaveURL(/tab=mine/);
  await expect(page.getByText('待回复')).toBeVisible();

  const admin = await operator(request);
  const pending = await admin.call<{ list: { id: number; content: string }[] }>(
    'GET',
    '/admin/api/v1/feedback?status=pending',
  );
  const mine = pending.list.find((f) => f.content.startsWith('希望增加篮球比赛的角球盘口'));
  expect(mine).toBeDefined();
  await admin.call('POST', `/admin/api/v1/feedback/${mine!.id}/reply`, {
    reply: '感谢您的建议，角球盘口将在下个版本上线。',
  });
  await page.reload();
  await expect(page.getByText('已回复')).toBeVisible();
  await expect(page.getByText('感谢您的建议，角球盘口将在下个版本上线。')).toBeVisible();
  await shot(page, 'feedback-mine');
});

test('the 赞助 tab lists the sponsorships with their periods', async ({ page }) => {
  await page.goto('/');
  await dismissDialogs(page);
  await page.getByRole('link', { name: '赞助', exact: true }).click();
  await expect(page).toHaveURL(/\/sponsor\/0$/);
  await expect(page.getByRole('heading', { name: '星云杯城市足球联赛' })).toBeVisible();
  const camp = page.locator('article', { hasText: '青少年篮球训练营' });
  await expect(camp).toContainText('2025-07-01 至 2025-08-31');
  await expect(camp).toContainText('已结束');
  await camp.getByRole('button', { name: '查看详情' }).click();
  await expect(camp).toContainText('不包含任何博彩推广内容');
  await expectTapTargets(page);
  await shot(page, 'sponsor');
});

test('download: install steps per browser, the site’s QR code and the operator’s app links', async ({
  page,
  request,
}) => {
  await page.goto('/download');
  await expect(page.getByRole('heading', { name: '添加步骤' })).toBeVisible();
  await expect(page.getByRole('img', { name: /本站地址二维码/ })).toBeVisible();
  await page.getByRole('tab', { name: 'iPhone' }).click();
  await expect(page.getByText(/选择“添加到主屏幕”/)).toBeVisible();
  await page.getByRole('tab', { name: '微信 / QQ' }).click();
  await expect(page.getByText(/选择“在浏览器中打开”/)).toBeVisible();
  await expectTapTargets(page);
  await shot(page, 'download');
  const admin = await operator(request);
  await admin.call('POST', '/admin/api/v1/settings', {
    appAndroidUrl: 'https://nebula.example/app.apk',
  });
  try {
    await page.goto('/download-page');
    await expect(page.getByRole('link', { name: /安卓客户端/ })).toHaveAttribute(
      'href',
      'https://nebula.example/app.apk',
    );
  } finally {
    await admin.call('POST', '/admin/api/v1/settings', { appAndroidUrl: '' });
  }
});
