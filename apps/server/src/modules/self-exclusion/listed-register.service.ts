import { ErrorCode, type SelfExclusionAddRequest, type SelfExclusionList } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Actor, AuditService } from '../audit/audit.service';
import * as repo from './self-exclusion.repository';
import {
  RegisterUnreachable,
  normalise,
  normalisedIdentities,
  type RegisterIdentity,
  type SelfExclusionRegister,
} from './self-exclusion-register.port';

/**
 * The built-in register: a list operators keep (add and remove, each audited). It is read from
 * the platform's own database, so it is unreachable only when the database is.
 */
export class ListedRegister implements SelfExclusionRegister {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  async check(identity: RegisterIdentity): Promise<'listed' | 'clear'> {
    try {
      return (await repo.anyListed(this.db, normalisedIdentities(identity))) ? 'listed' : 'clear';
    } catch (err) {
      throw new RegisterUnreachable(err);
    }
  }

  async list(): Promise<SelfExclusionList> {
    return { list: await repo.listLive(this.db) };
  }

  /** Adds an identity (one already standing stays as it is). */
  async add(op: Actor, req: SelfExclusionAddRequest): Promise<SelfExclusionList> {
    const value = normalise(req.kind, req.value);
    if (value === '')
      throw new AppError(ErrorCode.Validation, {
        issues: [{ path: 'value', message: 'empty once normalised' }],
      });
    await this.db.tx(async (q) => {
      const row = await repo.insertEntry(q, {
        kind: req.kind,
        value,
        reason: req.reason,
        addedBy: op.userName,
        addedAt: this.clock.now(),
      });
      if (!row) return;
      await this.audit.record(q, {
        actor: op.userName,
        action: 'selfExclusion.add',
        target: `selfExclusion:${row.id}`,
        before: null,
        after: { kind: row.kind, value: row.value, reason: row.reason },
      });
    });
    return this.list();
  }

  async remove(op: Actor, entryId: number, reason: string): Promise<SelfExclusionList> {
    await this.db.tx(async (q) => {
      const row = await repo.removeEntry(q, entryId, op.userName, this.clock.now());
      if (!row) throw new AppError(ErrorCode.SelfExclusionEntryNotFound);
      await this.audit.record(q, {
        actor: op.userName,
        action: 'selfExclusion.remove',
        target: `selfExclusion:${row.id}`,
        before: { kind: row.kind, value: row.value, reason: row.reason },
        after: { removed: true, reason },
      });
    });
    return this.list();
  }
}
