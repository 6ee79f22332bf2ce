import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAGE_TEST_TIMEOUT, renderPage, writes, type Answers } from '../test/render-page';
import { Page } from './rebate-rates-page';

const rates = {
  families: [
    { family: 'ZR', name: '真人', minEdgePercent: '1.0579' },
    { family: 'TY', name: '体育', minEdgePercent: '2.5' },
  ],
  list: [
    { level: 0, family: 'ZR', ratePercent: '0.3' },
    { level: 0, family: 'TY', ratePercent: '0.4' },
    { level: 1, family: 'ZR', ratePercent: '0.5' },
  ],
};

function platform(answer: { data: unknown } | { code: number }): Answers {
  return (c) => {
    if (c.method === 'GET' && c.path === '/admin/api/v1/rebate/rates') return { data: rates };
    if (c.method === 'POST' && c.path === '/admin/api/v1/rebate/rates') return answer;
    return undefined;
  };
}

describe('返水比例 page', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('shows the matrix with each family’s cap and saves a picked cell', async () => {
    const r = renderPage(Page, {
      permissions: ['promo.manage'],
      answers: platform({ data: rates }),
    });
    expect(await screen.findByText('真人（上限 1.0579%）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '0.5%' }));
    fireEvent.change(screen.getByLabelText('比例（%）'), { target: { value: '0.6' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByText('已保存');
    expect(writes(r.calls)).toMatchObject([
      { body: { level: 1, family: 'ZR', ratePercent: '0.6' } },
    ]);
  });

  it('shows the server’s coded refusal (a rate above the family’s edge)', async () => {
    renderPage(Page, { permissions: ['promo.manage'], answers: platform({ code: 9407 }) });
    fireEvent.click(await screen.findByRole('button', { name: '0.3%' }));
    fireEvent.change(screen.getByLabelText('比例（%）'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(/（9407）/)).toBeTruthy();
  });

  it('refuses a malformed rate in the form', async () => {
    const r = renderPage(Page, {
      permissions: ['promo.manage'],
      answers: platform({ data: rates }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '0.3%' }));
    fireEvent.change(screen.getByLabelText('比例（%）'), { target: { value: '0.123456' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('比例如 0.38（至多四位小数）')).toBeTruthy();
    expect(writes(r.calls)).toEqual([]);
  });
});
