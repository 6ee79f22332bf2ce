import type { Db, Queryable } from '@nebula/db';
import { insertAudit, readAudit } from './audit.repository';

export interface AuditEntry {
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/** The append-only operator audit log: written in the same transaction as the change. */
export class AuditService {
  constructor(private readonly db: Db) {}

  record(q: Queryable, entry: AuditEntry): Promise<void> {
    return insertAudit(q, entry);
  }

  async page(page: number, pageSize: number) {
    const r = await readAudit(this.db, pageSize, (page - 1) * pageSize);
    return { ...r, page, pageSize };
  }
}

/** The operator acting, as the audit log names them. */
export interface Actor {
  userName: string;
}
