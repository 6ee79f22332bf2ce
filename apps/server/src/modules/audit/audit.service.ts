import { beforeCommit, type Db, type Queryable } from '@nebula/db';
import {
  auditAfter,
  countAudit,
  insertAudit,
  readAudit,
  type AuditFilter,
  type AuditView,
} from './audit.repository';

export interface AuditEntry {
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

export type { AuditFilter } from './audit.repository';

/** The append-only operator audit log: written in the same transaction as the change. */
export class AuditService {
  constructor(private readonly db: Db) {}

  /**
   * In a transaction the row is written as its last statement, just before COMMIT: the chain's
   * lock (migration 0049) is then held only for the commit, not for the rest of the business
   * work. On the database itself it is one statement of its own.
   */
  async record(q: Queryable, entry: AuditEntry): Promise<void> {
    if (!beforeCommit(q, () => insertAudit(q, entry))) await insertAudit(q, entry);
  }

  async page(page: number, pageSize: number, filter: AuditFilter = {}) {
    const r = await readAudit(this.db, filter, pageSize, (page - 1) * pageSize);
    return { ...r, page, pageSize };
  }

  count(filter: AuditFilter): Promise<number> {
    return countAudit(this.db, filter);
  }

  /** The filtered log oldest first, a page at a time (for a streamed export). */
  async *rows(filter: AuditFilter, pageSize = 1000): AsyncGenerator<AuditView> {
    let after = 0;
    for (;;) {
      const page = await auditAfter(this.db, filter, after, pageSize);
      yield* page;
      if (page.length < pageSize) return;
      after = page[page.length - 1]!.seq;
    }
  }
}

/** The operator acting, as the audit log names them. */
export interface Actor {
  userName: string;
}
