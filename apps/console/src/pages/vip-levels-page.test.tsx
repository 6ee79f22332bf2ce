import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  findDialog,
  PAGE_TEST_TIMEOUT,
  renderPage,
  writes,
  type Answers,
} from '../test/render-page';
import { Page } from './vip-levels-page';

const level = (n: number) => ({
  level: n,
  name: `等级${n}`,
  depositThreshold: `${n * 1000}.00`,
  turnoverThreshold: `${n * 5000}.00`,
  upgradeBonus: `${n * 10}.00`,
  monthlyPacket: '0.00',
  monthlyMinDeposit: '0.00',
  birthdayPacket: '0.00',
  retentionTurnover: '0.00',
  packetMultiple: 1,
  rebateDailyCap: '1000.00',
});

function platform(setAnswer: (body: unknown) => { data: unknown } | { code: number }): Answers {
  return (c) => {
    if (c.method === 'GET' && c.path === '/admin/api/v1/vip/levels')
      return { data: { list: [level(0), level(1), level(2)], rates: [], families: [] } };
    if (c.method === 'POST' && c.path === '/admin/api/v1/vip/levels/2') return setAnswer(c.body);
    return undefined;
  };
}

async function openEdit(rowName: string) {
  const row = (await screen.findByText(rowName)).closest('tr')!;
  fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
  return findDialog(/编辑 VIP2/);
}

describe('VIP 等级 page', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('shows the table and saves an edited level with every field of the level', async () => {
    const r = renderPage(Page, {
      permissions: ['promo.manage'],
      answers: platform((body) => ({ data: { level: 2, ...(body as object) } })),
    });
    const dialog = await openEdit('等级2');
    const bonus = within(dialog).getByLabelText('晋级礼金（元）');
    fireEvent.change(bonus, { target: { value: '88.00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await screen.findByText('VIP2 已保存');
    const [sent] = writes(r.calls);
    const { level: _level, ...expected } = { ...level(2), upgradeBonus: '88.00' };
    expect(sent?.path).toBe('/admin/api/v1/vip/levels/2');
    expect(sent?.body).toEqual(expected);
  });

  it('refuses a malformed amount in the form and sends nothing', async () => {
    const r = renderPage(Page, {
      permissions: ['promo.manage'],
      answers: platform(() => ({ code: 9999 })),
    });
    const dialog = await openEdit('等级2');
    fireEvent.change(within(dialog).getByLabelText('晋级礼金（元）'), {
      target: { value: '1.5.0' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await within(dialog).findByText('金额格式：整数或两位小数，如 100.00');
    expect(writes(r.calls)).toEqual([]);
  });

  it('a raise filed for four eyes shows 待复核 with the catalogue text, not an error', async () => {
    renderPage(Page, { permissions: ['promo.manage'], answers: platform(() => ({ code: 9602 })) });
    const dialog = await openEdit('等级2');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await screen.findByText('待复核：已提交复核，待他人批准');
  });

  it('without promo.manage the page asks nothing and offers no edit', async () => {
    const r = renderPage(Page, {
      permissions: ['report.read'],
      answers: platform(() => ({ code: 9999 })),
    });
    await screen.findAllByText('暂无数据');
    expect(r.calls).toEqual([]);
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
  });
});
