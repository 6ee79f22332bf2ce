import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { resetSessionStore, useSessionStore } from '../../../session/session.store';
import { resetPreInfoStore, usePreInfoStore } from '../../../site/pre-info.store';
import { captureReferralParams } from '../../../site/referral-codes';
import { envelope, stubFetch } from '../../../test/api-stubs';
import { preInfoFixture } from '../../../test/pre-info-fixture';
import { RegisterPage } from './register.page';

function serve(register: () => Response) {
  const stub = stubFetch((url) => {
    if (url.endsWith('/user/register')) return register();
    if (url.endsWith('/user/captcha')) {
      return envelope(6000, { captchaId: 'cap-1', image: 'data:image/svg+xml,x', expiresAt: 0 });
    }
    return envelope(6000, {});
  });
  const bodies = () =>
    stub.calls
      .filter((call) => call.url.endsWith('/user/register'))
      .map((call) => JSON.parse(call.init.body as string) as Record<string, unknown>);
  const captchas = () => stub.calls.filter((call) => call.url.endsWith('/user/captcha')).length;
  return { ...stub, bodies, captchas };
}

function renderRegister() {
  const router = createMemoryRouter(
    [
      { path: '/user/register', Component: RegisterPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    { initialEntries: ['/user/register'] },
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

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
  resetPreInfoStore();
});

const siteCaptcha = (registerCaptcha: boolean) =>
  usePreInfoStore.setState({ preInfo: { ...preInfoFixture(), registerCaptcha } });

function fillValidForm() {
  type('用户名', 'newbie01');
  type('密码', 'Zebra-2-Corn!');
  type('确认密码', 'Zebra-2-Corn!');
  fireEvent.click(screen.getByRole('checkbox'));
}

describe('register form', () => {
  it('prefills the invite code from a valid invite_code, else i_code, and shows the captcha', async () => {
    captureReferralParams('?i_code=ICODE77');
    serve(() => envelope(6000, {}));
    renderRegister();
    expect(screen.getByLabelText<HTMLInputElement>('邀请码（选填）').value).toBe('ICODE77');
    expect(await screen.findByAltText('图形验证码，点击更换')).toBeTruthy();
  });

  it('hints the user-name rule as it is typed', () => {
    serve(() => envelope(6000, {}));
    renderRegister();
    expect(screen.getByText('4–16 位字母或数字，须以字母开头')).toBeTruthy();
    type('用户名', '9abc');
    expect(screen.getByText('用户名须以字母开头')).toBeTruthy();
    type('用户名', 'ab_c');
    expect(screen.getByText('用户名只能包含字母和数字')).toBeTruthy();
    type('用户名', 'abc');
    expect(screen.getByText('用户名长度须为 4–16 位')).toBeTruthy();
    type('用户名', 'abcd1');
    expect(screen.getByText('用户名格式正确')).toBeTruthy();
  });

  it('rates the password and refuses to send until 18+ is ticked', async () => {
    const server = serve(() =>
      envelope(6000, { token: 't-1', userName: 'newbie01', expiresAt: 1 }),
    );
    const router = renderRegister();
    type('用户名', 'newbie01');
    type('密码', '12345678');
    expect(screen.getByText('密码过于常见，请更换')).toBeTruthy();
    type('密码', 'Zebra-2-Corn!');
    expect(screen.getByText('密码强度：强')).toBeTruthy();
    type('确认密码', 'Zebra-2-Corn!');
    await submit();
    expect(screen.getByText('请确认您已年满 18 周岁')).toBeTruthy();
    expect(server.bodies()).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox'));
    type('图形验证码', 'K7P2');
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.bodies()[0]).toEqual({
      userName: 'newbie01',
      password: 'Zebra-2-Corn!',
      ageConfirmed: true,
      captchaId: 'cap-1',
      captchaCode: 'K7P2',
    });
    expect(useSessionStore.getState()).toMatchObject({ token: 't-1', userName: 'newbie01' });
  });

  it('asks for no captcha when pre-info says registration needs none', async () => {
    siteCaptcha(false);
    const server = serve(() =>
      envelope(6000, { token: 't-2', userName: 'newbie01', expiresAt: 1 }),
    );
    const router = renderRegister();
    expect(screen.queryByLabelText('图形验证码')).toBeNull();
    fillValidForm();
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.bodies()[0]).toEqual({
      userName: 'newbie01',
      password: 'Zebra-2-Corn!',
      ageConfirmed: true,
    });
    expect(server.captchas()).toBe(0);
  });

  it("sends this visit's agent_verify (else growCode) as the agent code", async () => {
    siteCaptcha(false);
    captureReferralParams('?growCode=GROW5678&agent_verify=AGT12345');
    const server = serve(() =>
      envelope(6000, { token: 't-3', userName: 'newbie01', expiresAt: 1 }),
    );
    renderRegister();
    fillValidForm();
    await submit();
    await waitFor(() => expect(server.bodies()).toHaveLength(1));
    expect(server.bodies()[0]).toMatchObject({ agentCode: 'AGT12345' });
    sessionStorage.clear();
  });

  it('shows the captcha when the site requires one', async () => {
    siteCaptcha(true);
    const server = serve(() => envelope(6000, {}));
    renderRegister();
    expect(await screen.findByAltText('图形验证码，点击更换')).toBeTruthy();
    expect(server.captchas()).toBe(1);
  });

  it('asks for a captcha after all when the server says one is needed (10409)', async () => {
    siteCaptcha(false);
    let answers = 0;
    const server = serve(() => {
      answers += 1;
      return answers === 1
        ? envelope(10409, null, '')
        : envelope(6000, { token: 't-3', userName: 'newbie01', expiresAt: 1 });
    });
    const router = renderRegister();
    fillValidForm();
    await submit();
    expect(await screen.findByText('请输入图形验证码')).toBeTruthy();
    expect(await screen.findByAltText('图形验证码，点击更换')).toBeTruthy();
    type('图形验证码', 'K7P2');
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.bodies()[1]).toMatchObject({ captchaId: 'cap-1', captchaCode: 'K7P2' });
  });

  it('puts a taken name on the user-name field', async () => {
    serve(() => envelope(6041, null, '用户名已被注册'));
    renderRegister();
    type('用户名', 'taken01');
    type('密码', 'Zebra-2-Corn!');
    type('确认密码', 'Zebra-2-Corn!');
    fireEvent.click(screen.getByRole('checkbox'));
    await submit();
    expect(await screen.findByText('用户名已被注册')).toBeTruthy();
  });
});
