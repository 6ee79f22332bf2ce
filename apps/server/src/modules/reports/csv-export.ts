import type { Readable } from 'node:stream';
import type { Db } from '@nebula/db';
import { ErrorCode } from '@nebula/protocol';
import type { Clock } from '../../lib/clock';
import { csvStream } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { shanghaiDate } from '../../lib/shanghai-time';
import type { Actor, AuditService } from '../audit/audit.service';

/** The most rows one export may have (docs/contract.md §Operator console). */
export const EXPORT_MAX_ROWS = 50_000;
/** Rows per keyset page an export reads. */
export const EXPORT_PAGE = 1000;

export interface CsvExport {
  filename: string;
  stream: Readable;
}

export const iso = (d: Date | number | null) => (d === null ? '' : new Date(d).toISOString());

/** Pages of a keyset query as one row stream. */
export async function* paged<T, K>(
  next: (after: K) => Promise<T[]>,
  keyOf: (row: T) => K,
  first: K,
): AsyncGenerator<T> {
  let after = first;
  for (;;) {
    const page = await next(after);
    yield* page;
    if (page.length < EXPORT_PAGE) return;
    after = keyOf(page[page.length - 1]!);
  }
}

/**
 * What an export reads from the list's own module (its service, since a module's repository is
 * its own): how many rows match, and keyset pages after a row's key, in key order.
 */
export interface ExportSource<T, K> {
  count(): Promise<number>;
  page(after: K, limit: number): Promise<T[]>;
  first: K;
  keyOf(row: T): K;
}

/** A source's rows as one stream, page by page. */
export function rowsOf<T, K>(s: ExportSource<T, K>): AsyncGenerator<T> {
  return paged((after: K) => s.page(after, EXPORT_PAGE), s.keyOf, s.first);
}

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
