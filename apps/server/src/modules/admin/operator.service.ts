import { randomBytes } from 'node:crypto';
import { ErrorCode, type AdminSession } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { networkOf } from '../../lib/network';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password';
import { newToken, tokenHash } from '../../lib/tokens';
import { SecretBox, base32Encode, matchTotp, newTotpSecret, otpauthUri } from '../../lib/totp';
import type { AuditService } from '../audit/audit.service';
import { LoginThrottle, type ThrottleRules } from '../auth/login-throttle';
import type { SettingsService } from '../settings/settings.service';
import type { PasskeyService } from './passkey.service';
import * as repo from './operator.repository';
import {
  checkSecondFactor,
  recoveryHash,
  type SecondFactorDeps,
  type SecondFactorInput,
} from './login-second-factor';
import type { Operator } from '../../http/operator-context';
import { SEEDED_ROLE_IDS, permissionsOf, type SeededRole } from './seeded-roles';

const OPERATOR_SESSION_MS = 12 * 3600 * 1000;
/** An enrol-only session is for scanning a QR code, not for a shift. */
const ENROL_SESSION_MS = 15 * 60 * 1000;
const RECOVERY_CODES = 10;
const TOUCH_MS = 15_000;
const TOTP_ISSUER = 'Nebula';

export type { Operator };

export interface OperatorServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  settings: SettingsService;
  /** The server secret TOTP secrets are sealed with. */
  secret: string;
  passkeys: PasskeyService;
  /**
   * A session without a request for this long ends: the consoleIdleMinutes setting, never
   * above this (CONSOLE_IDLE_MINUTES, the setting's default and ceiling).
   */
  idleMinutes: number;
}

interface LoginInput extends SecondFactorInput {
  userName: string;
  password: string;
}

/**
 * Operator accounts and their sessions; separate from members in every table and header. Login
 * has the members' lockout (per name, and per name on one network; unknown names alike) and,
 * once enrolled, a TOTP second factor; a site setting makes the second factor mandatory.
 */
export class OperatorService {
  readonly #throttle: LoginThrottle;
  readonly #box: SecretBox;
  readonly #factor: SecondFactorDeps;

  constructor(private readonly d: OperatorServiceDeps) {
    this.#throttle = new LoginThrottle(d.db, d.clock);
    this.#box = new SecretBox(d.secret, 'operator-totp');
    this.#factor = {
      ...d,
      box: this.#box,
      audit: (op, action, after) => this.#audit(op, action, after),
    };
  }

  /**
   * The first operator: from ADMIN_USER/ADMIN_PASSWORD, or (outside production) a generated
   * password returned so the start-up banner can show it once.
   */
  async ensureFirstAdmin(
    first: { userName: string; password: string } | null,
    production: boolean,
  ): Promise<{ userName: string; password: string } | null> {
    if ((await repo.countOperators(this.d.db)) > 0) return null;
    const account =
      first ??
      (production ? null : { userName: 'admin', password: randomBytes(12).toString('base64url') });
    if (!account) return null;
    const id = await repo.insertOperator(this.d.db, {
      userName: account.userName,
      passwordHash: await hashPassword(account.password),
      roleId: SEEDED_ROLE_IDS.admin,
      now: this.d.clock.now(),
    });
    return id ? account : null;
  }

  /** Creates an operator with a role (a seeded role's old name or a role id); 0 if taken. */
  async create(userName: string, password: string, role: SeededRole | number): Promise<number> {
    return repo.insertOperator(this.d.db, {
      userName,
      passwordHash: await hashPassword(password),
      roleId: typeof role === 'number' ? role : SEEDED_ROLE_IDS[role],
      now: this.d.clock.now(),
    });
  }

  async #rules(): Promise<ThrottleRules> {
    const s = await this.d.settings.get();
    return { captchaAfter: 0, lockAfter: s.loginLockAfter, lockMs: s.loginLockMinutes * 60_000 };
  }

  async login(input: LoginInput, ip: string): Promise<AdminSession> {
    const name = `op:${input.userName.toLowerCase()}`;
    const network = networkOf(ip);
    const rules = await this.#rules();
    const state = await this.#throttle.state(name, network, rules);
    if (state.lockedUntil)
      throw new AppError(ErrorCode.AccountLocked, { lockedUntil: state.lockedUntil });
    const op = await repo.findOperator(this.d.db, input.userName);
    // The same argon2 work for unknown names: timing does not tell which names exist.
    const ok = await verifyPassword(op?.passwordHash ?? (await dummyHash()), input.password);
    if (!op || !ok || op.disabled) return this.#failed(name, network, rules, ErrorCode.NameError);
    const operator = op;
    // A passkey is a second factor on its own: an operator with one and no TOTP proves it
    // here like one with TOTP, never by the password alone (docs/contract.md §4.1).
    const hasFactor = !!operator.totpSecret || (await this.#factor.passkeys.has(operator.id));
    if (hasFactor) {
      const refused = await checkSecondFactor(this.#factor, operator, input);
      if (refused !== null) return this.#failed(name, network, rules, refused);
    }
    await this.#throttle.succeed(name, network);
    const enrolOnly = !hasFactor && (await this.d.settings.get()).adminTotpRequired;
    const now = this.d.clock.now();
    const { token, hash } = newToken();
    const expiresAt = now + (enrolOnly ? ENROL_SESSION_MS : OPERATOR_SESSION_MS);
    await repo.insertOperatorSession(this.d.db, {
      hash,
      operatorId: operator.id,
      now,
      expiresAt,
      enrolOnly,
    });
    await this.#audit(operator, 'operator.login', enrolOnly ? { enrolOnly } : null);
    const session = await this.resolve(token);
    return {
      token,
      userName: operator.userName,
      roleName: session.roleName,
      permissions: [...session.permissions],
      expiresAt,
      enrolOnly,
      idleMinutes: session.idleMinutes,
    };
  }

  async #failed(
    name: string,
    network: string,
    rules: ThrottleRules,
    code: ErrorCode,
  ): Promise<never> {
    const after = await this.#throttle.fail(name, network, rules);
    if (after.lockedUntil)
      throw new AppError(ErrorCode.AccountLocked, { lockedUntil: after.lockedUntil });
    throw new AppError(code);
  }

  /** Starts (or restarts) enrolment: a fresh secret, pending until a code from it confirms. */
  async enrolTotp(op: Operator): Promise<{ otpauthUri: string; secret: string }> {
    const secret = newTotpSecret();
    await this.d.db.tx(async (q) => {
      const row = await repo.findOperatorById(q, op.operatorId, true);
      if (!row) throw new AppError(ErrorCode.AdminAuthRequired);
      // A second factor in place is changed only by an admin's reset, never by a session alone.
      if (row.totpSecret) throw new AppError(ErrorCode.AdminForbidden);
      await repo.setTotpPending(q, op.operatorId, this.#box.seal(secret));
      await this.#audit(row, 'operator.totp.enrol', null, q);
    });
    return {
      otpauthUri: otpauthUri(TOTP_ISSUER, op.userName, secret),
      secret: base32Encode(secret),
    };
  }

  /** A code from the pending secret turns the second factor on and answers recovery codes once. */
  async confirmTotp(
    op: Operator,
    code: string,
    sessionToken: string,
  ): Promise<{ recoveryCodes: string[] }> {
    const codes = Array.from({ length: RECOVERY_CODES }, () => {
      const raw = base32Encode(randomBytes(8)).slice(0, 10);
      return `${raw.slice(0, 5)}-${raw.slice(5)}`;
    });
    const now = this.d.clock.now();
    await this.d.db.tx(async (q) => {
      const row = await repo.findOperatorById(q, op.operatorId, true);
      if (!row?.totpPending || row.totpSecret) throw new AppError(ErrorCode.AdminTotpNotEnrolled);
      const step = matchTotp(this.#box.open(row.totpPending), code, now);
      if (step === null) throw new AppError(ErrorCode.AdminTotpWrong);
      await repo.enableTotp(q, op.operatorId, step, now);
      await repo.replaceRecoveryCodes(q, op.operatorId, codes.map(recoveryHash));
      await repo.upgradeOperatorSession(q, tokenHash(sessionToken));
      await this.#audit(row, 'operator.totp.enabled', null, q);
    });
    return { recoveryCodes: codes };
  }

  /** An admin clears another operator's second factor (a lost phone); their sessions end. */
  async resetTotp(actor: Operator, operatorId: number, reason: string): Promise<void> {
    const now = this.d.clock.now();
    await this.d.db.tx(async (q) => {
      if (!(await repo.clearTotp(q, operatorId))) throw new AppError(ErrorCode.Validation);
      await repo.endOperatorSessions(q, operatorId, now);
      await this.d.audit.record(q, {
        actor: actor.userName,
        action: 'operator.totp.reset',
        target: `operator:${operatorId}`,
        before: null,
        after: { reason },
      });
    });
  }

  async #audit(
    op: repo.OperatorRow,
    action: string,
    after: Record<string, unknown> | null,
    q: Queryable = this.d.db,
  ) {
    await this.d.audit.record(q, {
      actor: op.userName,
      action,
      target: `operator:${op.id}`,
      before: null,
      after,
    });
  }

  /** A call the operator's role does not cover: answered 6061 and written to the audit. */
  async recordDenied(op: Operator, routeName: string, permission: string): Promise<void> {
    await this.d.audit.record(this.d.db, {
      actor: op.userName,
      action: 'operator.denied',
      target: `route:${routeName}`,
      before: null,
      after: { permission },
    });
  }

  /**
   * A TOTP code (never a recovery code) from the operator's enrolled factor; each code counts
   * once, so a step-up cannot reuse the login's code.
   */
  async checkTotp(operatorId: number, code: string): Promise<boolean> {
    const row = await repo.findOperatorById(this.d.db, operatorId);
    if (!row?.totpSecret) return false;
    const step = matchTotp(this.#box.open(row.totpSecret), code, this.d.clock.now());
    return step !== null && (await repo.useTotpStep(this.d.db, operatorId, step));
  }

  async resolve(token: string | undefined): Promise<Operator> {
    if (!token || token.length > 128) throw new AppError(ErrorCode.AdminAuthRequired);
    const sessionHash = tokenHash(token);
    const row = await repo.lookupOperatorSession(this.d.db, sessionHash, this.d.clock.now());
    if (!row) throw new AppError(ErrorCode.AdminAuthRequired);
    const now = this.d.clock.now();
    // Inactivity is judged here, not only in the browser: a forgotten tab's token goes stale.
    const settings = await this.d.settings.get();
    const idle = Math.min(this.d.idleMinutes, settings.consoleIdleMinutes);
    if (row.seenAt + idle * 60_000 <= now) {
      await repo.endOperatorSession(this.d.db, sessionHash, now);
      throw new AppError(ErrorCode.AdminSessionIdle);
    }
    // One write per quarter minute at most: the idle limit is counted in minutes.
    if (row.seenAt + TOUCH_MS <= now) await repo.touchOperatorSession(this.d.db, sessionHash, now);
    // The setting is read on every request: turning it on shuts out operators without a
    // factor at once, not at their next login.
    const required = !row.hasTotp && !row.hasPasskey && settings.adminTotpRequired;
    return {
      operatorId: row.operatorId,
      userName: row.userName,
      roleId: row.roleId,
      roleName: row.roleName,
      permissions: new Set(permissionsOf(row)),
      enrolOnly: row.enrolOnly || required,
      hasTotp: row.hasTotp,
      hasPasskey: row.hasPasskey,
      sessionHash,
      idleMinutes: idle,
    };
  }

  async logout(token: string): Promise<void> {
    await repo.endOperatorSession(this.d.db, tokenHash(token), this.d.clock.now());
  }
}
