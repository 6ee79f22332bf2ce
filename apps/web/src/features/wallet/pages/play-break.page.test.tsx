import type { PlayBreakStatus } from '@nebula/protocol/api/wallet/wallet.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { api } from '../../../client/api';
import { BusinessError } from '../../../lib/api-errors';
import { saveVenueSession, venueSession } from '../../../lib/venue-sessions';
import { resetSessionStore, useSessionStore } from '../../../session/session.store';
import { PLAY_BREAK_PATH } from '../../../site/paths';
import { PlayBreakPage } from './play-break.page';

const HOUR = 3_600_000;
/** 2026-11-25 12:00 in Shanghai (04:00 UTC). */
const NOW = Date.UTC(2026, 10, 25, 4, 0);
const PASSWORD = 'Secret-pass-1';

type Answer = (body: unknown) => unknown;

/** Answers the two routes of the page; records what each call sent. */
function serve(status: PlayBreakStatus, set: Answer = () => ({ active: null })) {
  const sent: { name: string; body: unknown }[] = [];
  const call = vi
    .spyOn(api, 'call')
    .mockImplementation((name: string, options?: { body?: unknown }) => {
      sent.push({ name, body: options?.body });
      if (name === 'playBreak') return Promise.resolve(status);
      if (name === 'playBreakSet') {
        try {
          return Promise.resolve(set(options?.body));
        } catch (error) {
          return Promise.reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
      return Promise.resolve({});
    });
  return { call, sent };
}

const refusal = (code: number, message: string, data: unknown = null) =>
  new BusinessError(code, message, { status_code: code, message, data });

function renderPage() {
  const router = createMemoryRouter([{ path: PLAY_BREAK_PATH, Component: PlayBreakPage }], {
    initialEntries: [PLAY_BREAK_PATH],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const startButton = () =>
  screen.getByRole<HTMLButtonElement>('button', { name: /开始冷静期|开始自我排除|请选择暂停时长/ });

async function chooseAndOpen(length: RegExp, password = PASSWORD) {
  fireEvent.click(await screen.findByRole('radio', { name: length }));
  fireEvent.change(screen.getByLabelText('登录密码'), { target: { value: password } });
  fireEvent.click(startButton());
  return screen.findByRole('dialog', { name: /确认开始/ });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  useSessionStore.setState({ token: 'session-token' });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  resetSessionStore();
});

describe('/mine/playBreak with no break running', () => {
  it('explains both kinds and offers 24小时 … 30天 and 6个月 … 5年', async () => {
    serve({ active: null });
    renderPage();
    expect(await screen.findByText(/短时间暂停/)).toBeTruthy();
    expect(screen.getByText(/长期暂停/)).toBeTruthy();
    expect(screen.getByText(/到期前无法取消或缩短/)).toBeTruthy();
    const timeout = screen.getByRole('radiogroup', { name: '冷静期' });
    const exclusion = screen.getByRole('radiogroup', { name: '自我排除' });
    const names = (group: HTMLElement) =>
      within(group)
        .getAllByRole('radio')
        .map((r) => r.querySelector('.nb-pbreak__chip-name')?.textContent);
    expect(names(timeout)).toEqual(['24小时', '72小时', '7天', '30天']);
    expect(names(exclusion)).toEqual(['6个月', '1年', '5年']);
  });

  it('keeps the button off until a length and the password are given', async () => {
    serve({ active: null });
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: /^7天/ }));
    expect(startButton().disabled).toBe(true);
    expect(startButton().textContent).toBe('开始冷静期');
    fireEvent.change(screen.getByLabelText('登录密码'), { target: { value: PASSWORD } });
    expect(startButton().disabled).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: /^1年/ }));
    expect(startButton().textContent).toBe('开始自我排除');
  });

  it('confirms with the exact end (now + 24 h, Beijing time), then sends {kind, length, password}', async () => {
    const endsAt = NOW + 24 * HOUR;
    const { sent } = serve({ active: null }, () => ({
      active: { kind: 'timeout', startedAt: NOW, endsAt },
    }));
    saveVenueSession({
      venueCode: 'FBTY',
      merchantCode: 'NEBULA',
      origin: 'http://localhost:8090',
      token: 'venue-token',
      params: {},
      at: NOW,
    });
    renderPage();
    const sheet = await chooseAndOpen(/^24小时/);
    expect(within(sheet).getByTestId('break-confirm-end').textContent).toBe(
      '2026-11-26 12:00（北京时间）',
    );
    expect(sheet.textContent).toContain('2026-11-26 12:00 之前无法取消或缩短');
    // Nothing is sent before the member confirms.
    expect(sent.filter((c) => c.name === 'playBreakSet')).toHaveLength(0);

    await act(async () => {
      fireEvent.click(within(sheet).getByRole('button', { name: '确认开始' }));
      await Promise.resolve();
    });
    expect(sent.filter((c) => c.name === 'playBreakSet')).toEqual([
      { name: 'playBreakSet', body: { kind: 'timeout', length: '24h', password: PASSWORD } },
    ]);
    // The page now shows the break running, with its end and the time left.
    expect((await screen.findByTestId('break-ends-at')).textContent).toBe('2026-11-26 12:00');
    expect(screen.getByTestId('break-left').textContent).toBe('1 天 0 小时');
    expect(screen.getByRole('heading', { name: '延长暂停' })).toBeTruthy();
    // The server ended the venue sessions: the kept ones go too.
    expect(venueSession('FBTY')).toBeNull();
  });

  it('the self-exclusion of 5年 ends 43824 hours (1826 days) on', async () => {
    serve({ active: null });
    renderPage();
    const sheet = await chooseAndOpen(/^5年/);
    expect(within(sheet).getByTestId('break-confirm-end').textContent).toBe(
      '2031-11-25 12:00（北京时间）',
    );
    expect(within(sheet).getByText('自我排除')).toBeTruthy();
  });

  it('shows a wrong password at the field, as the other step-ups do', async () => {
    serve({ active: null }, () => {
      throw refusal(6002, '用户名或密码错误');
    });
    renderPage();
    const sheet = await chooseAndOpen(/^24小时/, 'wrong-pass');
    await act(async () => {
      fireEvent.click(within(sheet).getByRole('button', { name: '确认开始' }));
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('登录密码错误'));
    expect(screen.queryByTestId('break-ends-at')).toBeNull();
  });

  it('shows the lockout with its end (6040)', async () => {
    const lockedUntil = NOW + 30 * 60_000;
    serve({ active: null }, () => {
      throw refusal(6040, '账号已被临时锁定，请稍后再试', { lockedUntil });
    });
    renderPage();
    const sheet = await chooseAndOpen(/^24小时/, 'wrong-pass');
    await act(async () => {
      fireEvent.click(within(sheet).getByRole('button', { name: '确认开始' }));
      await Promise.resolve();
    });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        '账号已被临时锁定，请稍后再试（锁定至 2026-11-25 12:30）',
      ),
    );
  });
});

describe('/mine/playBreak with a break running', () => {
  const running = {
    kind: 'timeout' as const,
    startedAt: NOW - 2 * HOUR,
    endsAt: NOW + 3 * 24 * HOUR + 5 * HOUR,
  };

  it('shows its kind, start, end and time left, and only longer lengths', async () => {
    serve({ active: running });
    renderPage();
    expect((await screen.findByTestId('break-ends-at')).textContent).toBe('2026-11-28 17:00');
    expect(screen.getByText('2026-11-25 10:00')).toBeTruthy();
    expect(screen.getByTestId('break-left').textContent).toBe('3 天 5 小时');
    expect(screen.getByRole('heading', { level: 2, name: '冷静期' })).toBeTruthy();
    expect(screen.getByText(/存款、进入场馆、转入场馆/)).toBeTruthy();
    const lengths = screen
      .getAllByRole('radio')
      .map((r) => r.querySelector('.nb-pbreak__chip-name')?.textContent);
    expect(lengths).toEqual(['7天', '30天', '6个月', '1年', '5年']);
  });

  it('shows 9203 with the running break’s end when the server refuses a shorter one', async () => {
    serve({ active: running }, () => {
      throw refusal(9203, '新的暂停须在当前暂停结束之后才结束', { endsAt: NOW + 40 * 24 * HOUR });
    });
    renderPage();
    const sheet = await chooseAndOpen(/^30天/);
    await act(async () => {
      fireEvent.click(within(sheet).getByRole('button', { name: '确认开始' }));
      await Promise.resolve();
    });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        '新的暂停须在当前暂停结束之后才结束。当前暂停将于 2027-01-04 12:00 结束。',
      ),
    );
  });

  it('says there is nothing longer during a 5-year self-exclusion', async () => {
    serve({ active: { kind: 'selfExclusion', startedAt: NOW, endsAt: NOW + 43824 * HOUR } });
    renderPage();
    expect(await screen.findByText(/无法再延长/)).toBeTruthy();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.queryByLabelText('登录密码')).toBeNull();
  });
});
