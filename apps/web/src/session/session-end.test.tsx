import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ModalHost } from '../components/ui/modal-host';
import { showModal, useModalQueue } from '../components/ui/modal.store';
import { BusinessError } from '../lib/api-errors';
import { ApiEvents } from '../lib/api-events';
import { installSessionEndHandlers } from './session-end';

interface Harness {
  events: ApiEvents;
  clearSession: Mock<() => void>;
  navigate: Mock<(to: string, options?: { replace?: boolean }) => Promise<void>>;
  toast: Mock<(message: string) => void>;
  alert: Mock<(options: { title?: string; message: string }) => Promise<void>>;
  notice: boolean[];
  path: { current: string };
  session: { live: boolean };
}

let off: () => void = () => undefined;

function setup(path = '/'): Harness {
  const events = new ApiEvents();
  const h = {
    events,
    path: { current: path },
    session: { live: true },
    notice: [] as boolean[],
  } as Harness;
  h.clearSession = vi.fn(() => {
    h.session.live = false;
  });
  h.navigate = vi.fn((to: string) => {
    h.path.current = to;
    return Promise.resolve();
  });
  h.toast = vi.fn();
  h.alert = vi.fn(({ title, message }: { title?: string; message: string }) =>
    showModal({ title, content: message, urgent: true }),
  );
  off = installSessionEndHandlers(events, {
    hasSession: () => h.session.live,
    clearSession: h.clearSession,
    navigate: h.navigate,
    currentPath: () => h.path.current,
    alert: h.alert,
    toast: h.toast,
    noticeChanged: (open) => h.notice.push(open),
  });
  return h;
}

const emit = (h: Harness, code: number, message: string) =>
  act(() => h.events.emit(new BusinessError(code, message)));

async function pressOk() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await vi.advanceTimersByTimeAsync(320);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  render(<ModalHost />);
});

afterEach(() => {
  off();
  vi.useRealTimers();
  useModalQueue.setState({ queue: [], closing: false });
});

describe('6001 logged in elsewhere', () => {
  it('clears the session and shows ONE modal with the server message; OK leads to login', async () => {
    const h = setup('/mine/security');
    emit(h, 6001, '您的账号已在其他设备登录');
    emit(h, 6001, '您的账号已在其他设备登录');
    // Requests sent after the clear come back 10004: the notice already covers them.
    emit(h, 10004, '请先登录');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(h.clearSession).toHaveBeenCalledOnce();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog').textContent).toContain('您的账号已在其他设备登录');
    expect(useModalQueue.getState().queue).toHaveLength(1);
    expect(h.navigate).not.toHaveBeenCalled();
    expect(h.toast).not.toHaveBeenCalled();
    expect(h.notice).toEqual([true]);
    await pressOk();
    expect(h.navigate).toHaveBeenCalledExactlyOnceWith('/user/login', { replace: true });
    expect(h.notice).toEqual([true]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // A late answer to a request sent with the ended token shows nothing more.
    emit(h, 6001, '您的账号已在其他设备登录');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows again for a later session that also ends elsewhere', async () => {
    const h = setup('/');
    emit(h, 6001, 'first');
    await pressOk();
    h.session.live = true;
    emit(h, 6001, 'second');
    expect(screen.getByRole('dialog').textContent).toContain('second');
  });
});

describe('10102 session invalid', () => {
  it('clears at once, then alerts 提示 with the message after 350 ms of quiet', async () => {
    const h = setup('/mine/security');
    emit(h, 10102, '设备已被禁用');
    expect(h.clearSession).toHaveBeenCalledOnce();
    expect(h.notice).toEqual([true]);
    await act(() => vi.advanceTimersByTimeAsync(200));
    emit(h, 10102, '设备已被禁用');
    await act(() => vi.advanceTimersByTimeAsync(349));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('提示');
    expect(dialog.textContent).toContain('设备已被禁用');
    expect(h.alert).toHaveBeenCalledOnce();
    await pressOk();
    expect(h.navigate).toHaveBeenCalledWith('/user/login', { replace: true });
  });

  it('drops a duplicate within 700 ms of the last alert, shows it after', async () => {
    const h = setup('/');
    emit(h, 10102, 'blocked'); // t = 0
    await act(() => vi.advanceTimersByTimeAsync(350)); // shown at t = 350
    expect(h.alert).toHaveBeenCalledTimes(1);
    await pressOk(); // t = 670
    emit(h, 10102, 'blocked');
    await act(() => vi.advanceTimersByTimeAsync(350)); // due at t = 1020: 670 ms after the last
    expect(h.alert).toHaveBeenCalledTimes(1);
    emit(h, 10102, 'blocked');
    await act(() => vi.advanceTimersByTimeAsync(350)); // due at t = 1370: 1020 ms after
    expect(h.alert).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('dialog').textContent).toContain('blocked');
  });
});

describe('10105, 10004, 10104', () => {
  it.each([10105, 10004, 10104])('%i on a /mine path clears the session and goes home', (code) => {
    const h = setup('/mine/userInfo');
    emit(h, code, 'msg');
    expect(h.clearSession).toHaveBeenCalledOnce();
    expect(h.navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it.each(['/registerGuide', '/sport/im', '/gaming/ybdj'])(
    'goes home from protected page %s',
    (path) => {
      const h = setup(path);
      emit(h, 10105, '密码已修改，请重新登录');
      expect(h.navigate).toHaveBeenCalledWith('/', { replace: true });
    },
  );

  it('sends anyone else to login, with one toast for a burst', async () => {
    const h = setup('/game/sport');
    emit(h, 10104, '您的账号已被冻结，请联系客服');
    emit(h, 10104, '您的账号已被冻结，请联系客服');
    expect(h.navigate).toHaveBeenCalledExactlyOnceWith('/user/login', { replace: true });
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(h.toast).toHaveBeenCalledExactlyOnceWith('您的账号已被冻结，请联系客服');
  });

  it('stays on login when already there', () => {
    const h = setup('/user/login');
    emit(h, 10004, '请先登录');
    expect(h.navigate).not.toHaveBeenCalled();
  });
});
