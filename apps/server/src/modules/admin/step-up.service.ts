import {
  ErrorCode,
  STEP_UP_CLASSES,
  type PasskeyAuthenticationResponse,
  type StepUpClass,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Operator } from '../../http/operator-context';
import type { AuditService } from '../audit/audit.service';
import type { OperatorService } from './operator.service';
import type { PasskeyService } from './passkey.service';
import * as repo from './step-up.repository';

/** A step-up counts this long after the code was typed (docs/contract.md §4.1). */
export const STEP_UP_MS = 5 * 60 * 1000;

export interface StepUpServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  operators: OperatorService;
  passkeys: PasskeyService;
}

/**
 * Step-up: a sensitive class of action (money, settings, operators) needs a TOTP code typed in
 * the last five minutes, for that class, in this session — or a passkey assertion on a challenge
 * issued for that class and session in the last five minutes. A recovery code never counts: it
 * is for getting in when the phone is gone, not for moving money.
 */
export class StepUpService {
  constructor(private readonly d: StepUpServiceDeps) {}

  async stepUp(
    op: Operator,
    cls: StepUpClass,
    code: string,
  ): Promise<{ class: StepUpClass; until: number }> {
    if (!op.hasTotp) throw new AppError(ErrorCode.AdminTotpNotEnrolled);
    if (!(await this.d.operators.checkTotp(op.operatorId, code))) {
      await this.#audit(op, 'operator.stepup.failed', cls);
      throw new AppError(ErrorCode.AdminTotpWrong);
    }
    return this.#grant(op, cls);
  }

  /** The same step-up by a passkey assertion (docs/contract.md §4.1). */
  async stepUpWithPasskey(
    op: Operator,
    cls: StepUpClass,
    response: PasskeyAuthenticationResponse,
  ): Promise<{ class: StepUpClass; until: number }> {
    const refused = await this.d.passkeys.verifyStepUp(op, cls, response);
    if (refused !== null) {
      await this.#audit(op, 'operator.stepup.failed', cls);
      throw new AppError(refused);
    }
    return this.#grant(op, cls);
  }

  async #grant(op: Operator, cls: StepUpClass): Promise<{ class: StepUpClass; until: number }> {
    const now = this.d.clock.now();
    await this.d.db.tx(async (q) => {
      await repo.upsertStepUp(q, op.sessionHash, cls, now);
      await this.#audit(op, 'operator.stepup', cls, q);
    });
    return { class: cls, until: now + STEP_UP_MS };
  }

  /**
   * Refuses (9600) unless this session stepped up for the class within five minutes. A
   * step-up re-proves the second factor (TOTP or a passkey), so it binds every operator who has
   * one; one without
   * a factor exists only while the site does not require one (`adminTotpRequired` off — with
   * it on such an operator can only enrol, re-checked on every request) and has nothing to
   * re-prove (docs/contract.md §4.1).
   */
  async require(op: Operator, cls: StepUpClass): Promise<void> {
    if (!op.hasTotp && !op.hasPasskey) return;
    const at = (await repo.stepUpsOf(this.d.db, op.sessionHash)).get(cls);
    if (at === undefined || at + STEP_UP_MS <= this.d.clock.now())
      throw new AppError(ErrorCode.OperatorStepUpRequired, { class: cls });
  }

  /** Until when each class's step-up counts (null when none or stale), for `GET /me`. */
  async state(op: Operator): Promise<Record<StepUpClass, number | null>> {
    const all = await repo.stepUpsOf(this.d.db, op.sessionHash);
    const now = this.d.clock.now();
    const out = {} as Record<StepUpClass, number | null>;
    for (const cls of STEP_UP_CLASSES) {
      const at = all.get(cls);
      out[cls] = at !== undefined && at + STEP_UP_MS > now ? at + STEP_UP_MS : null;
    }
    return out;
  }

  async #audit(op: Operator, action: string, cls: StepUpClass, q: Queryable = this.d.db) {
    await this.d.audit.record(q, {
      actor: op.userName,
      action,
      target: `operator:${op.operatorId}`,
      before: null,
      after: { class: cls },
    });
  }
}
