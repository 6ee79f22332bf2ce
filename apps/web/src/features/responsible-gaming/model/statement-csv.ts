import type { Statement } from '@nebula/protocol/api/responsible-gaming/responsible-gaming.schemas';

/** The labels a CSV needs, from the page's catalogue. */
export interface CsvLabels {
  item: string;
  amount: string;
  deposits: string;
  withdrawals: string;
  netDeposits: string;
  lifetime: string;
  family: string;
  bets: string;
  stakes: string;
  payouts: string;
  net: string;
  total: string;
  familyName: (code: string) => string;
}

/** A CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function cell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const line = (values: (string | number)[]) => values.map(cell).join(',');

/**
 * A month's statement as CSV: the money in and out, then one row per family and the total.
 * Amounts are the wire's exact decimal strings (never re-computed in floating point). A byte
 * order mark lets spreadsheet programs read the Chinese labels as UTF-8.
 */
export function statementCsv(s: Statement, l: CsvLabels): string {
  const rows = [
    line([l.item, l.amount]),
    line([l.deposits, s.deposits]),
    line([l.withdrawals, s.withdrawals]),
    line([l.netDeposits, s.netDeposits]),
    line([l.lifetime, s.lifetimeNetDeposits]),
    '',
    line([l.family, l.bets, l.stakes, l.payouts, l.net]),
    ...s.families.map((f) => line([l.familyName(f.family), f.bets, f.stakes, f.payouts, f.net])),
    line([l.total, s.families.reduce((a, f) => a + f.bets, 0), s.stakes, s.payouts, s.net]),
  ];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

/** Hands the CSV to the browser as a download. */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
