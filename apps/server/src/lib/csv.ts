import { Readable } from 'node:stream';

/** Excel reads a UTF-8 file as UTF-8 (Chinese names intact) only with the byte order mark. */
export const CSV_BOM = '\uFEFF';

/** A plain number (money, counts, times) cannot be a formula and stays a number in Excel. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** What a spreadsheet reads as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): a text that a spreadsheet would run as a formula gets a leading `'`
 * so it is shown, not evaluated; a cell with a comma, quote or line break is quoted, its quotes
 * doubled.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    typeof value === 'string'
      ? value
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value as number | bigint | boolean);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * A CSV file as a stream: the BOM and header, then each row as the source yields it (the
 * source pages through the database; nothing holds every row). At most `max` rows are written.
 */
export function csvStream(
  header: readonly string[],
  rows: AsyncIterable<readonly unknown[]>,
  max: number,
): Readable {
  async function* lines() {
    yield CSV_BOM + csvLine(header);
    let n = 0;
    for await (const row of rows) {
      if (n >= max) return;
      n += 1;
      yield csvLine(row);
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
