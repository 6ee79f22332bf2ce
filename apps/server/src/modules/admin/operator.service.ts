import { randomBytes } from 'node:crypto';
import { ErrorCode, type AdminSession, type OperatorRole } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password';
import { newToken, tokenHash } from '../../lib/tokens';
import type { AuditService } from '../audit/audit.service';
import {
  countOperators,
  endOperatorSession,
  findOperator,
  insertOperator,
  insertOperatorSession,
  lookupOperatorSession,
} from './admin.repository';

const OPERATOR_SESSION_MS = 12 * 3600 * 1000;

export interface Operator {
  operatorId: number;
  userName: string;
  role: OperatorRole;
}

/** Operator accounts and their sessions; separate from members in every table and header. */
export class OperatorService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  /**
   * The first operator: from ADMIN_USER/ADMIN_PASSWORD, or (outside production) a generated
   * password returned so the start-up banner can show it once.
   */
  async ensureFirstAdmin(
    first: { userName: string; password: string } | null,
    production: boolean,
  ): Promise<{ userName: string; password: string } | null> {
    if ((await countOperators(this.db)) > 0) return null;
    const account =
      first ??
      (production ? null : { userName: 'admin', password: randomBytes(12).toString('base64url') });
    if (!account) return null;
    const id = await insertOperator(this.db, {
      userName: account.userName,
      passwordHash: await hashPassword(account.password),
      role: 'admin',
      now: this.clock.now(),
    });
    return id ? account : null;
  }

  async create(userName: string, password: string, role: OperatorRole): Promise<void> {
    await insertOperator(this.db, {
      userName,
      passwordHash: await hashPassword(password),
      role,
      now: this.clock.now(),
    });
  }

  async login(userName: string, password: string): Promise<AdminSession> {
    const op = await findOperator(this.db, userName);
    const ok = await verifyPassword(op?.passwordHash ?? (await dummyHash()), password);
    if (!op || !ok || op.disabled) throw new AppError(ErrorCode.NameError);
    const now = this.clock.now();
    const { token, hash } = newToken();
    const expiresAt = now + OPERATOR_SESSION_MS;
    await insertOperatorSession(this.db, { hash, operatorId: op.id, now, expiresAt });
    await this.audit.record(this.db, {
      actor: op.userName,
      action: 'operator.login',
      target: `operator:${op.id}`,
      before: null,
      after: null,
    });
    return { token, userName: op.userName, role: op.role, expiresAt };
  }

  async resolve(token: string | undefined): Promise<Operator> {
    if (!token || token.length > 128) throw new AppError(ErrorCode.AdminAuthRequired);
    const op = await lookupOperatorSession(this.db, tokenHash(token), this.clock.now());
    if (!op) throw new AppError(ErrorCode.AdminAuthRequired);
    return op;
  }

  async logout(token: string): Promise<void> {
    await endOperatorSession(this.db, tokenHash(token), this.clock.now());
  }
}
