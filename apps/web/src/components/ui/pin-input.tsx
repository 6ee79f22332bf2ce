import { FUND_PASSWORD_LENGTH } from '@nebula/protocol/rules/account-rules';
import { useState, type InputHTMLAttributes } from 'react';
import './pin-input.css';

type PinInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'onChange' | 'value' | 'maxLength' | 'inputMode' | 'pattern'
> & {
  value: string;
  onChange: (value: string) => void;
  length?: number;
};

/**
 * The fund password as six boxes: one real input lies over the boxes, so a tap
 * anywhere opens the numeric keypad (`inputmode="numeric"`, `pattern="[0-9]*"` for iOS) and
 * paste, autofill and screen readers work as on any input; the boxes show a dot per digit and
 * where the next one goes. Digits only; at most `length`.
 */
export function PinInput({
  value,
  onChange,
  length = FUND_PASSWORD_LENGTH,
  className,
  onFocus,
  onBlur,
  ...rest
}: PinInputProps) {
  const [focused, setFocused] = useState(false);
  const digits = value.replace(/\D/g, '').slice(0, length);
  return (
    <div className={`nb-pin ${className ?? ''}`}>
      <div className="nb-pin__boxes" aria-hidden="true">
        {Array.from({ length }, (_, i) => (
          <span
            key={i}
            className={`nb-pin__box${i < digits.length ? ' nb-pin__box--filled' : ''}${
              focused && i === Math.min(digits.length, length - 1) ? ' nb-pin__box--active' : ''
            }`}
          />
        ))}
      </div>
      <input
        {...rest}
        className="nb-pin__input"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={length}
        value={digits}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, length))}
        onFocus={(event) => {
          setFocused(true);
          onFocus?.(event);
        }}
        onBlur={(event) => {
          setFocused(false);
          onBlur?.(event);
        }}
      />
    </div>
  );
}
