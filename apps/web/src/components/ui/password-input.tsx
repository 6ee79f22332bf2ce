import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import './form.css';

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
};

/** A password box with a show/hide toggle (typing a long password blind on a phone is hard). */
export function PasswordInput({ value, onChange, className, ...rest }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="nb-password">
      <input
        {...rest}
        className={`nb-input ${className ?? ''}`}
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
      />
      <button
        type="button"
        className="nb-password__toggle"
        aria-label={visible ? t('hidePassword') : t('showPassword')}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
      </button>
    </div>
  );
}
