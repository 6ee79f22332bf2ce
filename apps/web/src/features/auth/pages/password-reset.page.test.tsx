import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { resetSessionStore, useSessionStore } from '../../../session/session.store';
import { envelope, stubFetch } from '../../../test/api-stubs';
import { PasswordResetPage } from './password-reset.page';

type Reply = () => Response;

/** Answers by path; `reset` replies are used in order, one per attempt. */
function serve(reset: Reply[] = []) {
  const queue = [...reset];
  const stub = stubFetch((url) => {
    if (url.endsWith('/user/password/reset/sendCode')) {
      return envelope(6000, { resendAfter: Date.now() + 60_000 });
    }
    if (url.endsWith('/user/password/reset')) return (queue.shift() ?? (() => envelope(10001)))();
    return envelope(6000, {});
  });
  const bodies = (suffix: string) =>
    stub.calls
      .filter((call) => call.url.endsWith(suffix))
      .map((call) => JSON.parse(call.init.body as string) as Record<string, unknown>);
  return { ...stub, bodies };
}

function renderReset() {
  const router = createMemoryRouter(
    [
      { path: '/user/password', Component: PasswordResetPage },
      { path: '/user/login', Component: () => <p>login page</p> },
    ],
    { initialEntries: ['/user/password'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function press(name: string | RegExp) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function fillPasswords(password = 'Zebra-2-Corn!') {
  type('新密码', password);
  type('确认密码', password);
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('/user/password (reset by SMS)', () => {
  it('needs a name before sending; sends the code, counts down and says a phone must be bound', async () => {
    const server = serve();
    renderReset();
    await press('获取验证码');
    expect(screen.getByText('请填写此项')).toBeTruthy();
    expect(server.bodies('/sendCode')).toHaveLength(0);
    type('用户名', ' alice01 ');
    await press('获取验证码');
    await waitFor(() => expect(server.bodies('/sendCode')).toEqual([{ userName: 'alice01' }]));
    expect(
      await screen.findByText('若账号未绑定手机，将无法收到验证码，请联系客服找回。'),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: /秒后重试/ })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('checks the code and the passwords before sending anything', async () => {
    const server = serve();
    renderReset();
    type('用户名', 'alice01');
    type('短信验证码', '12a4');
    fillPasswords();
    type('确认密码', 'Zebra-2-Corn?');
    await press('重置密码');
    expect(screen.getByText('请输入 6 位数字验证码')).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    expect(server.bodies('/user/password/reset')).toHaveLength(0);
  });

  it('resets with the code, ends this device’s session too and goes to login', async () => {
    useSessionStore.setState({ token: 'old-session', userName: 'alice01' });
    const server = serve([() => envelope(6000, null)]);
    const router = renderReset();
    type('用户名', 'alice01');
    type('短信验证码', '123456');
    fillPasswords();
    await press('重置密码');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(server.bodies('/user/password/reset')).toEqual([
      { userName: 'alice01', code: '123456', newPassword: 'Zebra-2-Corn!' },
    ]);
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('puts a wrong code on the code field and a weak password on the password field', async () => {
    serve([() => envelope(6023, null, '验证码错误'), () => envelope(6044, null, '密码强度不足')]);
    const router = renderReset();
    type('用户名', 'alice01');
    type('短信验证码', '654321');
    fillPasswords();
    await press('重置密码');
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    await press('重置密码');
    expect(await screen.findByText('密码强度不足')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/password');
  });
});
