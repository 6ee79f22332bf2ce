import { CheckOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import './form.css';

interface CheckBoxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  className?: string;
}

/**
 * A real checkbox under a round tick. antd-mobile's Checkbox hides its input with
 * `display: none`, which takes it out of the accessibility tree; this one stays reachable by
 * screen readers and the keyboard.
 */
export function CheckBox({ checked, onChange, children, className }: CheckBoxProps) {
  return (
    <label className={`nb-check ${className ?? ''}`}>
      <input
        type="checkbox"
        className="nb-check__input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="nb-check__box" aria-hidden="true">
        {checked && <CheckOutline />}
      </span>
      <span className="nb-check__text">{children}</span>
    </label>
  );
}
