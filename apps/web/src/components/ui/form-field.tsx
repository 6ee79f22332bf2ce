import type { ReactNode } from 'react';
import './form.css';

export type FieldTone = 'neutral' | 'ok' | 'error';

interface FormFieldProps {
  label: ReactNode;
  /** The id of the control, so the label names it. */
  htmlFor: string;
  children: ReactNode;
  /** A line under the control: a rule hint, or the field's error. */
  hint?: ReactNode;
  tone?: FieldTone;
  /** Something beside the control (a send-code button, a captcha image). */
  extra?: ReactNode;
}

/** A labelled form row with its hint line; the error tone turns the line into an alert. */
export function FormField({
  label,
  htmlFor,
  children,
  hint,
  tone = 'neutral',
  extra,
}: FormFieldProps) {
  return (
    <div className={`nb-field nb-field--${tone}`}>
      <label className="nb-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      <div className="nb-field__row">
        <div className="nb-field__control">{children}</div>
        {extra && <div className="nb-field__extra">{extra}</div>}
      </div>
      {hint && (
        <p
          className="nb-field__hint"
          id={`${htmlFor}-hint`}
          role={tone === 'error' ? 'alert' : undefined}
        >
          {hint}
        </p>
      )}
    </div>
  );
}

/** A form-level message (what the server said), above the submit button. */
export function FormMessage({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className="nb-form-message" role="alert">
      {children}
    </p>
  );
}
