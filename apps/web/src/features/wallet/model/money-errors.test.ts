import { ErrorCode, messageFor } from '@nebula/protocol/errors/codes';
import { describe, expect, it } from 'vitest';
import { BusinessError } from '../../../lib/api-errors';
import { moneyErrorText } from './money-errors';

const refused = (code: number, data: unknown = null) =>
  new BusinessError(code, messageFor(code), { status_code: code, message: messageFor(code), data });

describe('a deposit or transfer in refused during a break (9202)', () => {
  it('shows the catalogue text and when the break ends, in Beijing time', () => {
    const endsAt = Date.UTC(2026, 10, 26, 4, 0);
    expect(moneyErrorText(refused(ErrorCode.PlayBreakActive, { kind: 'timeout', endsAt }))).toBe(
      '您正处于冷静期或自我排除期，暂不能存款、进入场馆或转入。冷静期将于 2026-11-26 12:00 结束。',
    );
    expect(
      moneyErrorText(refused(ErrorCode.PlayBreakActive, { kind: 'selfExclusion', endsAt })),
    ).toContain('自我排除将于 2026-11-26 12:00 结束');
  });

  it('falls back to the catalogue text alone without the facts', () => {
    expect(moneyErrorText(refused(ErrorCode.PlayBreakActive))).toBe(
      messageFor(ErrorCode.PlayBreakActive),
    );
    expect(moneyErrorText(refused(ErrorCode.PlayBreakActive, { kind: 'nap', endsAt: 1 }))).toBe(
      messageFor(ErrorCode.PlayBreakActive),
    );
  });
});
