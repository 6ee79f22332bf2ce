/** A value of a shape the page does not model, shown as compact text. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v) ?? '—';
}

/** Table columns for rows of plain fields (the first `max` keys of the first row). */
export function columnsOf(rows: readonly object[] | undefined, max = 8) {
  const first = rows?.[0];
  return Object.keys(first ?? {})
    .slice(0, max)
    .map((k) => ({ title: k, dataIndex: k, render: (v: unknown) => valueText(v) }));
}
