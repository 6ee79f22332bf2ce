import { ErrorCode } from '@nebula/protocol';
import { expect } from 'vitest';
import { adminCall } from './factories';
import type { TestApp } from './test-app';

/** What an audited CSV export writes into its audit row. */
export interface ExportAudit {
  filters: Record<string, unknown>;
  rows: number;
}

/** The audit rows of one export (`export:<what>`), oldest first. */
export async function exportAudits(t: TestApp, what: string): Promise<ExportAudit[]> {
  const r = await t.db.query<{ after: ExportAudit }>(
    `SELECT after FROM audit_log WHERE action = 'export.csv' AND target = $1 ORDER BY seq`,
    [`export:${what}`],
  );
  return r.rows.map((a) => a.after);
}

/** One page of an admin list, which must answer Success. */
export async function adminPage<P>(t: TestApp, token: string, path: string, query: string) {
  const r = await adminCall<P>(t, token, 'GET', `${path}?${query}`);
  expect(r.status_code).toBe(ErrorCode.Success);
  return r.data;
}
