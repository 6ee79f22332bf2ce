import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAccount, PaymentAccountType } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectCode, registerMember, type Member } from '../../test/factories';

/** Payout accounts through the API: the per-type cap, the step-up on add, refused numbers. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

type Listed = { list: PaymentAccount[]; caps: Record<string, number> };
const list = (m: Member) => m.client.data<Listed>('paymentAccounts', { token: m.token });
const add = (
  m: Member,
  type: PaymentAccountType,
  accountNo: string,
  stepUp: object = { password: m.password },
) =>
  m.client.call<PaymentAccount & { field: string; cap: number }>('paymentAccountAdd', {
    token: m.token,
    body: { type, accountNo, stepUp },
  });

describe('payment accounts', () => {
  it('a cap per type: one more is refused (7018), other types and a freed place still work', async () => {
    await t.services.settings.update({ paymentAccountCap: 2 });
    try {
      const m = await registerMember(t);
      expect((await list(m)).caps.alipay).toBe(2);
      await expectCode(add(m, 'alipay', '13800000001'), ErrorCode.Success);
      await expectCode(add(m, 'alipay', 'pay@example.com'), ErrorCode.Success);
      expect(await add(m, 'alipay', '13800000002')).toMatchObject({
        status_code: ErrorCode.PaymentAccountCap,
        data: { cap: 2 },
      });
      await expectCode(add(m, 'wechat', 'wx_member01'), ErrorCode.Success);
      const before = await list(m);
      expect(before.list.map((a) => a.type).sort()).toEqual(['alipay', 'alipay', 'wechat']);
      await m.client.data('paymentAccountRemove', {
        token: m.token,
        params: { id: before.list[0]!.id },
        body: {},
      });
      await expectCode(add(m, 'alipay', '13800000002'), ErrorCode.Success);
      expect((await list(m)).list.filter((a) => a.type === 'alipay')).toHaveLength(2);
    } finally {
      await t.services.settings.update({ paymentAccountCap: 5 });
    }
  });

  it('adding needs a step-up: a wrong password (6002) or none (6049) adds nothing', async () => {
    const m = await registerMember(t);
    await expectCode(
      add(m, 'alipay', '13800000003', { password: 'Wrong-Pass-2026!' }),
      ErrorCode.NameError,
    );
    await expectCode(add(m, 'alipay', '13800000003', {}), ErrorCode.StepUpRequired);
    expect((await list(m)).list).toEqual([]);
  });

  it.each<[PaymentAccountType, string[], string]>([
    [
      'alipay',
      ['12345678', '23800000000', '1380000000', 'pay@example', 'pay @example.com'],
      '13800000004',
    ],
    ['wechat', ['12345678', '1abcdef', 'ab-c', 'wx!member', 'a'.repeat(21)], 'wx_member02'],
    ['digital', ['123456789', 'abcdefghijkl', '1234 5678 90', '1'.repeat(33)], '0012345678901234'],
    ['ebpay', ['abcde', 'abc-def', 'eb pay 1234', 'a'.repeat(41)], 'EB12345678'],
    ['koipay', ['k0i', 'koi_pay_01', '测试账户1234', 'K'.repeat(41)], 'KOI1234567'],
    ['sharelife', ['s1', 'share.life', 'share life', 's'.repeat(41)], 'SL20260001'],
  ])(
    '%s: bad numbers are refused (7019 or 10003) and nothing is added; a good one is',
    async (type, bad, good) => {
      const m = await registerMember(t);
      for (const accountNo of bad) {
        const env = await add(m, type, accountNo);
        // Numbers the request schema already refuses (length) are 10003; the rest are the type's rule.
        expect(
          env.status_code === ErrorCode.PaymentAccountInvalid ? env.data.field : env.status_code,
        ).toBe(accountNo.trim().length < 4 || accountNo.length > 64 ? 10003 : 'accountNo');
      }
      expect((await list(m)).list).toEqual([]);
      await expectCode(add(m, type, good), ErrorCode.Success);
      expect((await list(m)).list.map((a) => a.type)).toEqual([type]);
    },
  );
});
