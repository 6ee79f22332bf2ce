/**
 * A CSV export's rows as the list's own module reads them (modules/reports/csv-export.ts makes
 * the file): how many match, then keyset pages after a row's key, in key order — so an export
 * of 50,000 rows never holds them all. Here, below the modules, so each may offer one.
 */

/** Rows per keyset page an export reads. */
export const EXPORT_PAGE = 1000;

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

/** What an export reads from the list's own module (its service: its repository is its own). */
export interface ExportSource<T, K> {
  count: () => Promise<number>;
  page: (after: K, limit: number) => Promise<T[]>;
  first: K;
  keyOf: (row: T) => K;
}

/** A source's rows as one stream, page by page. */
export function rowsOf<T, K>(s: ExportSource<T, K>): AsyncGenerator<T> {
  return paged((after: K) => s.page(after, EXPORT_PAGE), s.keyOf, s.first);
}
