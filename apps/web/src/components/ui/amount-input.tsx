import { formatAmount, formatCoin } from '@nebula/protocol/format/number-format';
import { sanitizeAmountInput } from '@nebula/protocol/rules/amount-input';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { amountProblem, amountUnits } from '../../lib/amount';
import { FormField } from './form-field';
import './money.css';

export interface AmountInputProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Bounds in the field's unit, as decimal strings; shown under the field. */
  min?: string | null;
  max?: string | null;
  /** 2 for money (contract §8.4 default), 0 for whole COIN units. */
  decimals?: number;
  /** What the amount is counted in: ¥, USDT, COIN. */
  unit: string;
  quickAmounts?: readonly string[];
  /** Fills in the largest amount allowed (design "Money screens": a MAX where it makes sense). */
  onMax?: () => void;
  /** A line under the range (a preview, a remaining limit). */
  extraHint?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  /** A problem only the caller knows (more than the balance, past today's limit). */
  error?: string | null;
}

/** A bound for display: "1,000.00" for money, "1,000" for COIN. */
export function formatBound(value: string, decimals: number): string {
  return decimals === 0 ? formatCoin(amountUnits(value, 0) ?? 0n) : formatAmount(value);
}

/**
 * A money field (design "Money screens"): every keystroke goes through the contract §8.4 sanitizer,
 * the range is shown, and a value outside it says so at once. Whether the form may submit is
 * the caller's, from the same `amountProblem`.
 */
export function AmountInput({
  label,
  value,
  onChange,
  min,
  max,
  decimals = 2,
  unit,
  quickAmounts,
  onMax,
  extraHint,
  placeholder,
  disabled,
  error: outerError,
}: AmountInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const problem = amountProblem(value, { min, max, decimals });
  // ¥ goes before the figure, USDT and COIN after it.
  const withUnit = (figure: string) => (unit === '¥' ? `¥${figure}` : `${figure} ${unit}`);
  const shownMin = min ? withUnit(formatBound(min, decimals)) : null;
  const shownMax = max ? withUnit(formatBound(max, decimals)) : null;
  const error =
    outerError ??
    (problem === 'belowMin'
      ? t('amount.belowMin', { min: shownMin })
      : problem === 'aboveMax'
        ? t('amount.aboveMax', { max: shownMax })
        : problem === 'tooLarge'
          ? t('amount.tooLarge')
          : problem === 'zero'
            ? t('amount.zero')
            : null);
  const range =
    shownMin && shownMax
      ? t('amount.range', { min: shownMin, max: shownMax })
      : shownMin
        ? t('amount.minOnly', { min: shownMin })
        : null;

  return (
    <div className="nb-amount-field">
      <FormField
        label={label}
        htmlFor={id}
        tone={error ? 'error' : 'neutral'}
        hint={
          error || range || extraHint ? (
            <>
              {error ?? range}
              {extraHint && <span className="nb-amount-field__extra">{extraHint}</span>}
            </>
          ) : undefined
        }
      >
        <div className="nb-amount-box">
          <span className="nb-amount-box__unit" aria-hidden="true">
            {unit}
          </span>
          <input
            id={id}
            className="nb-amount-box__input nb-amount"
            value={value}
            onChange={(event) => onChange(sanitizeAmountInput(event.target.value, decimals))}
            inputMode={decimals === 0 ? 'numeric' : 'decimal'}
            autoComplete="off"
            placeholder={placeholder ?? t('amount.placeholder')}
            aria-invalid={error ? true : undefined}
            disabled={disabled}
          />
          {onMax && (
            <button
              type="button"
              className="nb-amount-box__max"
              onClick={onMax}
              disabled={disabled}
            >
              {t('amount.max')}
            </button>
          )}
        </div>
      </FormField>
      {quickAmounts && quickAmounts.length > 0 && (
        <div className="nb-quick" role="group" aria-label={t('amount.quick')}>
          {quickAmounts.map((amount) => (
            <button
              key={amount}
              type="button"
              className="nb-quick__chip nb-amount"
              aria-pressed={value === amount}
              onClick={() => onChange(sanitizeAmountInput(amount, decimals))}
              disabled={disabled}
            >
              {formatBound(amount, decimals).replace(/\.00$/, '')}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
