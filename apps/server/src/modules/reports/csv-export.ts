import type { Readable } from 'node:stream';
import type { Db } from '@nebula/db';
import { ErrorCode } from '@nebula/protocol';
import type { Clock } from '../../lib/clock';
import { csvStream } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { shanghaiDate } from '../../lib/shanghai-time';
import { EXPORT_PAGE, paged, rowsOf, type ExportSource } from '../../lib/export-source';
import type { Actor, AuditService } from '../audit/audit.service';

export { EXPORT_PAGE, paged, rowsOf, type ExportSource };

/** The most rows one export may have (docs/contract.md §Operator console). */
export const EXPORT_MAX_ROWS = 50_000;

export interface CsvExport {
  filename: string;
  stream: Readable;
}

export const iso = (d: Date | number | null) => (d === null ? '' : new Date(d).toISOString());

export async function* mapRows<T>(rows: AsyncIterable<T>, f: (row: T) => unknown[]) {
  for await (const r of rows) yield f(r);
}

/**
 * Starts an export (every console export goes through here): counted first (over the cap:
 * 9621, nothing written), audited (who, what, the filters, how many rows), then streamed
 * through the one CSV writer, named `<what>-<Shanghai day>.csv`.
 */
export async function startCsvExport(
  d: { db: Db; clock: Clock; audit: AuditService },
  maxRows: number,
  e: {
    op: Actor;
    what: string;
    filters: object;
    rows: number;
    header: string[];
    source: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>;
  },
): Promise<CsvExport> {
  if (e.rows > maxRows) throw new AppError(ErrorCode.ExportTooLarge);
  await d.audit.record(d.db, {
    actor: e.op.userName,
    action: 'export.csv',
    target: `export:${e.what}`,
    before: null,
    after: { filters: e.filters, rows: e.rows },
  });
  const day = shanghaiDate(d.clock.now()).replace(/-/g, '');
  return { filename: `${e.what}-${day}.csv`, stream: csvStream(e.header, e.source, maxRows) };
}
