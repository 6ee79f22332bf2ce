import {
  ErrorCode,
  type PaymentAccount,
  type PaymentAccountType,
  type StepUp,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { maskName, type MemberService } from '../member/member.service';
import type { SettingsService } from '../settings/settings.service';
import * as repo from './payment-account.repository';
import type { PaymentAccountRow } from './payment-account.repository';
import {
  BANKS,
  TYPE_NAMES,
  maskAccount,
  validateAccount,
  type AccountType,
} from './payout-validation';

const HOUR = 3600 * 1000;

/**
 * Payout accounts: adding one needs a step-up; a new account receives withdrawals only after
 * the cool-off (site setting); a cap per type; numbers shown masked; bank cards are held in
 * the member's real name.
 */
export class PaymentAccountService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly members: MemberService,
  ) {}

  banks() {
    return { list: BANKS };
  }

  present(a: PaymentAccountRow): PaymentAccount {
    const type = a.type as AccountType;
    const bankName = a.bankCode
      ? (BANKS.find((b) => b.code === a.bankCode)?.name ?? a.bankCode)
      : null;
    const masked = maskAccount(type, a.accountNo);
    return {
      id: a.id,
      type,
      label: a.alias || `${bankName ?? TYPE_NAMES[type]} ${masked.slice(-4)}`,
      accountMasked: masked,
      holderMasked: a.holder ? maskName(a.holder) : null,
      bankCode: a.bankCode,
      bankName,
      network: a.network,
      usableAt: a.usableAt,
      createdAt: a.createdAt,
      warning: a.warning,
    };
  }

  async list(memberId: number) {
    const s = await this.settings.get();
    const rows = await repo.listAccounts(this.db, memberId);
    const caps = Object.fromEntries(Object.keys(TYPE_NAMES).map((t) => [t, s.paymentAccountCap]));
    return { list: rows.map((r) => this.present(r)), caps };
  }

  async add(
    memberId: number,
    input: {
      type: PaymentAccountType;
      accountNo: string;
      bankCode?: string;
      network?: 'TRC20' | 'ERC20';
      alias?: string;
      stepUp: StepUp;
    },
    ip: string,
  ): Promise<PaymentAccount> {
    await this.members.verifyStepUp(memberId, input.stepUp, ip);
    const valid = validateAccount(input.type, input.accountNo, input.network);
    if (!valid) throw new AppError(ErrorCode.PaymentAccountInvalid, { field: 'accountNo' });
    if (input.type === 'bank' && !BANKS.some((b) => b.code === input.bankCode))
      throw new AppError(ErrorCode.PaymentAccountInvalid, { field: 'bankCode' });
    if (input.type === 'usdt' && !input.network)
      throw new AppError(ErrorCode.PaymentAccountInvalid, { field: 'network' });
    let holder: string | null = null;
    if (input.type === 'bank') {
      const rn = await this.members.realName(memberId);
      if (!rn.name) throw new AppError(ErrorCode.RealNameRequired);
      holder = rn.name;
    }
    const s = await this.settings.get();
    const now = this.clock.now();
    const id = await this.db.tx(async (q) => {
      // Lock the member row so two concurrent adds cannot both pass the cap.
      await this.members.lock(q, memberId);
      if ((await repo.countOfType(q, memberId, input.type)) >= s.paymentAccountCap)
        throw new AppError(ErrorCode.PaymentAccountCap, { cap: s.paymentAccountCap });
      return repo.insertAccount(q, {
        memberId,
        type: input.type,
        accountNo: valid.accountNo,
        bankCode: input.type === 'bank' ? input.bankCode! : null,
        network: input.type === 'usdt' ? input.network! : null,
        alias: input.alias || null,
        holder,
        warning: valid.warning,
        usableAt: now + s.payoutCooloffHours * HOUR,
        createdAt: now,
      });
    });
    return this.present((await repo.readAccount(this.db, id))!);
  }

  async remove(memberId: number, id: number): Promise<void> {
    if (!(await repo.removeAccount(this.db, memberId, id, this.clock.now())))
      throw new AppError(ErrorCode.PaymentAccountNotFound);
  }

  /** The member's own account, usable now (7014 unknown or foreign, 7015 cooling off). */
  async payoutAccount(memberId: number, id: number): Promise<{ id: number; label: string }> {
    const a = await repo.readAccount(this.db, id);
    if (!a || a.memberId !== memberId) throw new AppError(ErrorCode.PaymentAccountNotFound);
    if (a.usableAt > this.clock.now())
      throw new AppError(ErrorCode.PaymentAccountCoolingOff, { usableAt: a.usableAt });
    return { id: a.id, label: this.present(a).label };
  }

  /** For operators paying out: the full number and holder. */
  async payoutDetails(
    q: Queryable,
    id: number,
  ): Promise<{ accountNo: string; holder: string | null } | null> {
    return repo.readPayoutDetails(q, id);
  }
}
