import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { formatMoment } from '../../../lib/format-time';
import { readLoginInfo, saveLoginInfo } from '../../../session/login-info';
import { resetSessionStore, useSessionStore } from '../../../session/session.store';
import { resetPreInfoStore, usePreInfoStore } from '../../../site/pre-info.store';
import { envelope, stubFetch } from '../../../test/api-stubs';
import { preInfoFixture } from '../../../test/pre-info-fixture';
import { LoginPage } from './login.page';

type Reply = () => Response;

/** Answers by path; `login` replies are used in order, one per attempt. */
function serve(login: Reply[], extra: Record<string, Reply> = {}) {
  const queue = [...login];
  let captchas = 0;
  const stub = stubFetch((url) => {
    if (url.endsWith('/user/login')) return (queue.shift() ?? (() => envelope(10001)))();
    if (url.endsWith('/user/captcha')) {
      captchas += 1;
      return envelope(6000, {
        captchaId: `cap-${captchas}`,
        image: `data:image/svg+xml,%3Csvg%20id%3D%22${captchas}%22%2F%3E`,
        expiresAt: Date.now() + 120_000,
      });
    }
    for (const [suffix, reply] of Object.entries(extra)) if (url.endsWith(suffix)) return reply();
    return envelope(6000, {});
  });
  const bodies = (suffix: string) =>
    stub.calls
      .filter((call) => call.url.endsWith(suffix))
      .map((call) => JSON.parse(call.init.body as string) as Record<string, unknown>);
  return { ...stub, bodies, captchaCount: () => captchas };
}

function renderLogin(path = '/user/login') {
  const router = createMemoryRouter(
    [
      { path: '/user/login', Component: LoginPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function fill(userName: string, password: string) {
  fireEvent.change(screen.getByLabelText('用户名'), { target: { value: userName } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
}

const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: '登录' });

async function submit() {
  await act(async () => {
    fireEvent.click(submitButton());
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
  resetPreInfoStore();
});

describe('login form', () => {
  it('prefills the remembered name and remember-me from the encrypted loginInfo', async () => {
    await saveLoginInfo({ isChecked: true, userName: 'alice01' });
    expect(localStorage.getItem('loginInfo')).not.toContain('alice01');
    serve([]);
    renderLogin();
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('用户名').value).toBe('alice01'),
    );
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '记住我' }).checked).toBe(true);
  });

  it('offers 试玩 to a visitor who is not ready to register', () => {
    serve([]);
    renderLogin();
    expect(screen.getByRole('link', { name: '免费试玩' }).getAttribute('href')).toBe('/demo');
  });

  it('keeps the button off until both fields are filled', () => {
    serve([]);
    renderLogin();
    expect(submitButton().disabled).toBe(true);
    fill('alice01', 'secret-pass');
    expect(submitButton().disabled).toBe(false);
  });

  it('shows the wrong-password message, then the captcha once required, fresh for each try', async () => {
    const server = serve([
      () => envelope(6002, { captchaRequired: false }, '用户名或密码错误'),
      () => envelope(6002, { captchaRequired: true }, '用户名或密码错误'),
      () => envelope(6021, { captchaRequired: true }, '图形验证码错误'),
    ]);
    renderLogin();
    fill('alice01', 'wrong-pass');
    await submit();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '用户名或密码错误');
    expect(screen.queryByLabelText('图形验证码')).toBeNull();

    await submit();
    const image = await screen.findByAltText('图形验证码，点击更换');
    expect(image.getAttribute('src')).toContain('%221%22');
    // Required now: the button waits for the code.
    expect(submitButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('图形验证码'), { target: { value: 'AB12' } });
    await submit();
    expect(server.bodies('/user/login')[2]).toMatchObject({
      captchaId: 'cap-1',
      captchaCode: 'AB12',
    });
    expect(await screen.findByText('图形验证码错误')).toBeTruthy();
    await waitFor(() => expect(server.captchaCount()).toBe(2));
    await waitFor(() =>
      expect(screen.getByAltText('图形验证码，点击更换').getAttribute('src')).toContain('%222%22'),
    );
    expect(screen.getByLabelText<HTMLInputElement>('图形验证码').value).toBe('');
    // Tapping the image gives yet another one.
    fireEvent.click(screen.getByRole('button', { name: '点击更换验证码' }));
    await waitFor(() => expect(server.captchaCount()).toBe(3));
  });

  it('asks for the captcha on 10409', async () => {
    serve([() => envelope(10409, { captchaRequired: true }, '请输入验证码')]);
    renderLogin();
    fill('alice01', 'secret-pass');
    await submit();
    expect(await screen.findByAltText('图形验证码，点击更换')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
  });

  it('shows when a locked name unlocks (6040)', async () => {
    const lockedUntil = Date.now() + 15 * 60_000;
    serve([() => envelope(6040, { lockedUntil }, '账号已被临时锁定，请稍后再试')]);
    renderLogin();
    fill('alice01', 'wrong-pass');
    await submit();
    expect(
      await screen.findByText(
        `登录失败次数过多，账号已临时锁定，请于 ${formatMoment(lockedUntil)} 后再试`,
      ),
    ).toBeTruthy();
  });

  it('with 记住我: keeps the token for 365 days and loginInfo encrypted, then goes back', async () => {
    const server = serve([
      () => envelope(6000, { token: 'session-1', userName: 'Alice01', expiresAt: 1 }),
    ]);
    const router = renderLogin('/user/login?redirect=%2Fmine%2Fsecurity');
    fill('Alice01', 'right-pass');
    fireEvent.click(screen.getByRole('checkbox', { name: '记住我' }));
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine/security'));
    expect(server.bodies('/user/login')[0]).toEqual({
      userName: 'Alice01',
      password: 'right-pass',
      remember: true,
    });
    expect(useSessionStore.getState()).toMatchObject({ token: 'session-1', userName: 'Alice01' });
    expect(document.cookie).toContain('X-API-TOKEN=session-1');
    expect(localStorage.getItem('loginInfo')).not.toContain('Alice01');
    expect(await readLoginInfo()).toEqual({ isChecked: true, userName: 'Alice01' });
  });

  it('without 记住我 forgets a remembered name', async () => {
    await saveLoginInfo({ isChecked: true, userName: 'alice01' });
    serve([() => envelope(6000, { token: 'session-1', userName: 'alice01', expiresAt: 1 })]);
    const router = renderLogin();
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '记住我' }).checked).toBe(true),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: '记住我' }));
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'right-pass' } });
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('loginInfo')).toBeNull();
  });

  it('a risky login opens the device authorization: reason, masked phone, countdown, code', async () => {
    const server = serve(
      [
        () =>
          envelope(
            6026,
            { challengeId: 'ch-1', phoneMasked: '13*******00', reason: 'device' },
            '检测到新设备登录，请完成验证',
          ),
      ],
      {
        '/device/sendCode': () =>
          envelope(6000, { expiresAt: Date.now() + 300_000, resendAfter: Date.now() + 60_000 }),
        '/device/verify': () =>
          envelope(6000, { token: 'session-2', userName: 'Alice01', expiresAt: 1 }),
      },
    );
    const router = renderLogin();
    fill('Alice01', 'right-pass');
    await submit();
    const dialog = await screen.findByRole('dialog', { name: '安全验证' });
    expect(dialog.textContent).toContain('检测到您正在一台新设备上登录');
    expect(dialog.textContent).toContain('13*******00');
    const verify = screen.getByRole<HTMLButtonElement>('button', { name: '验证并登录' });
    expect(verify.disabled).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(await screen.findByRole('button', { name: '60 秒后重试' })).toBeTruthy();
    expect(server.bodies('/device/sendCode')).toEqual([{ challengeId: 'ch-1' }]);
    fireEvent.change(screen.getByLabelText('短信验证码'), { target: { value: '12a3456' } });
    expect(screen.getByLabelText<HTMLInputElement>('短信验证码').value).toBe('123456');
    await act(async () => {
      fireEvent.click(verify);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.bodies('/device/verify')).toEqual([{ challengeId: 'ch-1', code: '123456' }]);
    expect(useSessionStore.getState().token).toBe('session-2');
  });

  it('says how many tries are left after a wrong device code', async () => {
    serve(
      [
        () =>
          envelope(6027, {
            challengeId: 'ch-1',
            phoneMasked: '13*******00',
            reason: 'ipAndDevice',
          }),
      ],
      { '/device/verify': () => envelope(6036, { attemptsLeft: 3 }, '设备授权码错误') },
    );
    renderLogin();
    fill('Alice01', 'right-pass');
    await submit();
    await screen.findByRole('dialog', { name: '安全验证' });
    fireEvent.change(screen.getByLabelText('短信验证码'), { target: { value: '000000' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(await screen.findByText('验证码错误，还可尝试 3 次')).toBeTruthy();
  });

  it('shows the closed notice when pre-info stops logins', () => {
    usePreInfoStore.setState({ preInfo: { ...preInfoFixture(), stopLogin: true } });
    serve([]);
    renderLogin();
    expect(screen.getByText('暂停登录')).toBeTruthy();
    expect(screen.queryByLabelText('用户名')).toBeNull();
  });
});
