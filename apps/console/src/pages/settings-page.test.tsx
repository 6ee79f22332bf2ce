import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  findDialog,
  PAGE_TEST_TIMEOUT,
  renderPage,
  writes,
  type Answers,
} from '../test/render-page';
import { Page, settingProblem } from './settings-page';

const platform: Answers = (c) => {
  if (c.path === '/admin/api/v1/settings' && c.method === 'GET')
    return { data: { consoleIdleMinutes: 30, siteTitle: '星云' } };
  if (c.path === '/admin/api/v1/settings') return { data: {} };
  return undefined;
};

function edit(key: string, text: string) {
  const row = screen.getByText(key).closest('tr')!;
  fireEvent.click(within(row).getByRole('button', { name: '修改' }));
  fireEvent.change(within(row).getByLabelText(`${key} 的值`), { target: { value: text } });
  fireEvent.click(within(row).getByRole('button', { name: '保存' }));
}

describe('站点设置 page', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('checks a value against the protocol schema of its key', () => {
    expect(settingProblem('consoleIdleMinutes', 15)).toBeNull();
    expect(settingProblem('consoleIdleMinutes', 0)).toMatch(/^consoleIdleMinutes 的值不符合要求/);
    expect(settingProblem('siteStatus', { status: 'closed' })).toMatch(/（status）/);
    // A key the console does not know is the server's to judge.
    expect(settingProblem('somethingNew', 1)).toBeNull();
  });

  it('sends nothing for a value the schema refuses, and the patch of the key when it passes', async () => {
    const r = renderPage(Page, { permissions: ['settings.write'], answers: platform });
    await screen.findByText('consoleIdleMinutes');
    edit('consoleIdleMinutes', '0');
    expect(await screen.findByText(/consoleIdleMinutes 的值不符合要求/)).toBeTruthy();
    expect(writes(r.calls)).toHaveLength(0);
    const row = screen.getByText('consoleIdleMinutes').closest('tr')!;
    fireEvent.change(within(row).getByLabelText('consoleIdleMinutes 的值'), {
      target: { value: '10' },
    });
    fireEvent.click(within(row).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(writes(r.calls)).toHaveLength(1));
    expect(writes(r.calls)[0]).toMatchObject({
      path: '/admin/api/v1/settings',
      body: { consoleIdleMinutes: 10 },
    });
  });

  it('a settings step-up asked (9600) opens the dialog, then the same patch goes again', async () => {
    let steppedUp = false;
    const r = renderPage(Page, {
      permissions: ['settings.write'],
      answers: (c) => {
        if (c.path === '/admin/api/v1/settings' && c.method === 'POST')
          return steppedUp ? { data: {} } : { code: 9600 };
        if (c.path === '/admin/api/v1/stepUp') {
          steppedUp = true;
          return { data: { until: 1 } };
        }
        if (c.path === '/admin/api/v1/me') return { data: { totpEnabled: true } };
        if (c.path === '/admin/api/v1/passkeys') return { data: { list: [] } };
        return platform(c);
      },
    });
    await screen.findByText('siteTitle');
    edit('siteTitle', '"新站名"');
    const dialog = await findDialog('二次验证');
    fireEvent.change(within(dialog).getByLabelText('两步验证码'), { target: { value: '111222' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '验证' }));
    await waitFor(() => expect(writes(r.calls)).toHaveLength(3));
    expect(writes(r.calls).map((c) => c.body)).toEqual([
      { siteTitle: '新站名' },
      { class: 'settings', code: '111222' },
      { siteTitle: '新站名' },
    ]);
  });
});
