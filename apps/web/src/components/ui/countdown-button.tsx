import { Button, type ButtonProps } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useCountdown } from './use-countdown';

export interface CountdownButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** Length of the countdown once started. */
  seconds: number;
  /**
   * Runs on press; the countdown starts when it resolves true (e.g. the SMS was sent), or a
   * number of seconds to count instead (the server's own resend time, e.g. after a refusal).
   */
  onStart: () => boolean | number | Promise<boolean | number>;
  children: ReactNode;
}

/** A button that disables itself and counts down after a successful press (send-code style). */
export function CountdownButton({
  seconds,
  onStart,
  children,
  disabled,
  ...rest
}: CountdownButtonProps) {
  const { t } = useTranslation();
  const { remaining, start } = useCountdown();
  const [busy, setBusy] = useState(false);

  const press = async () => {
    setBusy(true);
    try {
      const outcome = await onStart();
      if (typeof outcome === 'number') start(outcome);
      else if (outcome) start(seconds);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      {...rest}
      disabled={disabled || remaining > 0}
      loading={busy}
      onClick={() => void press()}
    >
      {remaining > 0 ? t('countdown', { seconds: remaining }) : children}
    </Button>
  );
}
