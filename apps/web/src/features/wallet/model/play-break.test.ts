import { PLAY_BREAK_HOURS, PlayBreakSetRequest } from '@nebula/protocol/api/wallet/wallet.schemas';
import { describe, expect, it } from 'vitest';
import { BusinessError, ConnectionError } from '../../../lib/api-errors';
import {
  choicesOf,
  endOf,
  hasOffers,
  isOffered,
  playBreakFailure,
  timeLeftText,
} from './play-break';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 25, 4, 0); // 2026-11-25 12:00 in Shanghai

const refused = (code: number, message: string, data: unknown = null) =>
  new BusinessError(code, message, { status_code: code, message, data });

describe('the break lengths on offer', () => {
  it('are the protocol’s, per kind, shortest first, and each one the request schema takes', () => {
    expect(choicesOf('timeout').map((c) => [c.length, c.hours])).toEqual([
      ['24h', 24],
      ['72h', 72],
      ['7d', 168],
      ['30d', 720],
    ]);
    expect(choicesOf('selfExclusion').map((c) => [c.length, c.hours])).toEqual([
      ['6m', 4368],
      ['1y', 8760],
      ['5y', 43824],
    ]);
    for (const kind of ['timeout', 'selfExclusion'] as const) {
      expect(choicesOf(kind)).toHaveLength(Object.keys(PLAY_BREAK_HOURS[kind]).length);
      for (const c of choicesOf(kind)) {
        const ok = PlayBreakSetRequest.safeParse({ kind, length: c.length, password: 'x' });
        expect(ok.success).toBe(true);
      }
    }
  });

  it('end now + the length in hours', () => {
    const [day] = choicesOf('timeout');
    expect(endOf(day!, NOW)).toBe(NOW + 24 * HOUR);
  });

  it('with a break running, only those ending after it are offered', () => {
    const running = {
      kind: 'timeout' as const,
      startedAt: NOW - HOUR,
      endsAt: NOW + 10 * 24 * HOUR,
    };
    const offered = (kind: 'timeout' | 'selfExclusion') =>
      choicesOf(kind)
        .filter((c) => isOffered(c, NOW, running))
        .map((c) => c.length);
    expect(offered('timeout')).toEqual(['30d']);
    expect(offered('selfExclusion')).toEqual(['6m', '1y', '5y']);
    // Ending exactly when the running one does is not longer (the server's 9203).
    const sameEnd = { ...running, endsAt: NOW + 720 * HOUR };
    expect(isOffered(choicesOf('timeout')[3]!, NOW, sameEnd)).toBe(false);
    expect(hasOffers(NOW, null)).toBe(true);
    expect(hasOffers(NOW, { ...running, kind: 'selfExclusion', endsAt: NOW + 43824 * HOUR })).toBe(
      false,
    );
  });
});

describe('the time left', () => {
  it('reads in days and hours, hours and minutes, or minutes', () => {
    expect(timeLeftText(3 * 24 * HOUR + 4 * HOUR + 59_000)).toBe('3 天 4 小时');
    expect(timeLeftText(23 * HOUR + 59 * 60_000 + 59_000)).toBe('23 小时 59 分钟');
    expect(timeLeftText(12 * 60_000 + 30_000)).toBe('12 分钟');
    expect(timeLeftText(30_000)).toBe('不到 1 分钟');
  });
});

describe('a refused start', () => {
  it('puts a wrong login password at the field, in the step-up pages’ words', () => {
    expect(playBreakFailure(refused(6002, '用户名或密码错误'))).toEqual({
      password: '登录密码错误',
      message: null,
    });
  });

  it('says until when the account is locked after too many wrong passwords (6040)', () => {
    const until = Date.UTC(2026, 10, 25, 4, 30);
    expect(
      playBreakFailure(refused(6040, '账号已被临时锁定，请稍后再试', { lockedUntil: until })),
    ).toEqual({
      password: null,
      message: '账号已被临时锁定，请稍后再试（锁定至 2026-11-25 12:30）',
    });
  });

  it('says when the running break ends for a shorter one (9203)', () => {
    const endsAt = Date.UTC(2026, 11, 1, 4, 0);
    expect(
      playBreakFailure(refused(9203, '新的暂停须在当前暂停结束之后才结束', { endsAt })).message,
    ).toBe('新的暂停须在当前暂停结束之后才结束。当前暂停将于 2026-12-01 12:00 结束。');
    expect(playBreakFailure(refused(9203, '新的暂停须在当前暂停结束之后才结束')).message).toBe(
      '新的暂停须在当前暂停结束之后才结束',
    );
  });

  it('shows anything else in the catalogue’s or the connection’s words', () => {
    expect(playBreakFailure(refused(10001, '系统繁忙')).message).toBe('系统繁忙');
    expect(playBreakFailure(new ConnectionError('timeout')).message).toBeTruthy();
  });
});
