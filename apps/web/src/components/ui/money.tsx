import { formatAmount, formatCoin } from '@nebula/protocol/format/number-format';
import type { ReactNode } from 'react';
import './money.css';

/** A money figure in contract §8.5 format ("1,234.50"), or whole COIN units ("1,200"). */
export function formatFigure(value: string, coin = false): string {
  if (!coin) return formatAmount(value);
  const negative = value.startsWith('-');
  const digits = value.replace(/^[-+]/, '');
  return formatCoin(BigInt(negative ? `-${digits}` : digits));
}

interface MoneyProps {
  /** A decimal string: yuan (or USDT), or COIN units when `coin`. */
  value: string;
  coin?: boolean;
  /** Shown after the figure (USDT, COIN); ¥ amounts carry none. */
  unit?: string;
  /** Signed display: "+100.00" in green, "-100.00" in red (records). */
  signed?: boolean;
  className?: string;
}

/** An amount in tabular figures (design "Look"), never through a float. */
export function Money({ value, coin, unit, signed, className }: MoneyProps) {
  const negative = value.startsWith('-');
  const zero = /^-?0*(\.0*)?$/.test(value);
  const text = formatFigure(value, coin);
  const tone = signed && !zero ? (negative ? ' nb-money--out' : ' nb-money--in') : '';
  return (
    <span className={`nb-money${tone} ${className ?? ''}`}>
      {signed && !negative && !zero ? `+${text}` : text}
      {unit && <span className="nb-money__unit"> {unit}</span>}
    </span>
  );
}

export interface KeyValue {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

/** Label / value lines (an order's details, a confirmation's facts). */
export function KeyValues({ rows, className }: { rows: KeyValue[]; className?: string }) {
  return (
    <dl className={`nb-kv ${className ?? ''}`}>
      {rows.map((row) => (
        <div key={row.key} className="nb-kv__row">
          <dt className="nb-kv__key">{row.label}</dt>
          <dd className="nb-kv__value">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
