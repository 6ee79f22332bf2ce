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

describe('a withdrawal refused for a venue debt (7035)', () => {
  it('shows the debt and what may be withdrawn now', () => {
    const data = { debt: '180.50', withdrawable: '1319.50', venues: [] };
    expect(moneyErrorText(refused(ErrorCode.VenueDebtHeld, data))).toBe(
      '您在场馆有未结清的欠款 ¥180.50，目前最多可提现 ¥1,319.50。转入该场馆抵扣欠款后即可正常提现。',
    );
    expect(moneyErrorText(refused(ErrorCode.VenueDebtHeld))).toBe(
      messageFor(ErrorCode.VenueDebtHeld),
    );
  });
});
