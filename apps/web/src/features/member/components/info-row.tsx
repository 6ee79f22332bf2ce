import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface InfoRowProps {
  label: ReactNode;
  value?: ReactNode;
  /** A page to open… */
  to?: string;
  /** …or an action to run; without either the row is plain text. */
  onPress?: () => void;
  icon?: ReactNode;
}

/** One line of a settings list: label on the left, value and arrow on the right. */
export function InfoRow({ label, value, to, onPress, icon }: InfoRowProps) {
  const inner = (
    <>
      {icon && (
        <span className="nb-row__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <span className="nb-row__label">{label}</span>
      <span className="nb-row__value">{value}</span>
      {(to || onPress) && <RightOutline className="nb-row__arrow" aria-hidden="true" />}
    </>
  );
  if (to) {
    return (
      <Link className="nb-row nb-row--action" to={to}>
        {inner}
      </Link>
    );
  }
  if (onPress) {
    return (
      <button type="button" className="nb-row nb-row--action" onClick={onPress}>
        {inner}
      </button>
    );
  }
  return <div className="nb-row">{inner}</div>;
}
