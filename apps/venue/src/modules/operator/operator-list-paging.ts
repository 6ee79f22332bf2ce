import { ErrorCode, fenToYuanString } from '@nebula/protocol';
import { VenueError } from '../../infra/venue-error';
import type { Slice } from './operator-lists.repository';

/** What every operator list shares: the page asked for, the page answered, 9781, days. */

const SHANGHAI_MS = 8 * 3600_000;

export interface ListPaging {
  page: number;
  pageSize: number;
  after?: string | undefined;
}
export interface ListPage<T> {
  list: T[];
  page: number;
  pageSize: number;
  total: number | null;
  next: string | null;
}

export const filterInvalid = () => new VenueError(ErrorCode.HouseVenueListFilterInvalid);
/** Start of a Shanghai day (`YYYY-MM-DD`, already a calendar day by the schema) in ms. */
export const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - SHANGHAI_MS;

/** The page's slice and whether to count: a cursor page starts at the cursor, uncounted. */
export function sliceOf(p: ListPaging): Slice {
  return { limit: p.pageSize + 1, offset: p.after ? 0 : (p.page - 1) * p.pageSize };
}

/** One row more than the page was read: its presence says a next page exists. */
export function pageOf<R, T>(
  p: ListPaging,
  r: { total: number | null; rows: R[] },
  view: (row: R) => T,
  key: (row: R) => string,
): ListPage<T> {
  const rows = r.rows.slice(0, p.pageSize);
  const more = r.rows.length > p.pageSize;
  return {
    list: rows.map(view),
    page: p.after ? 1 : p.page,
    pageSize: p.pageSize,
    total: r.total,
    next: more && rows.length > 0 ? key(rows[rows.length - 1]!) : null,
  };
}

export const signedYuan = (fen: bigint) =>
  fen < 0n ? `-${fenToYuanString(-fen)}` : fenToYuanString(fen);
