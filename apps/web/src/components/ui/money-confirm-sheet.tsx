import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { BottomSheet } from './bottom-sheet';
import { FormMessage } from './form-field';
import { KeyValues, type KeyValue } from './money';
import './money.css';

interface MoneyConfirmSheetProps {
  visible: boolean;
  title: ReactNode;
  /** What the figure is (存款金额, 取款金额…). */
  amountLabel: ReactNode;
  /** The exact amount, already formatted. */
  amount: string;
  unit?: string;
  details?: KeyValue[];
  /** Fields the action still needs (the fund password). */
  children?: ReactNode;
  message?: ReactNode;
  confirmText: ReactNode;
  confirmDisabled?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The last step of a money action (design "States": a confirmation with the exact amount).
 * The confirm button shows progress and cannot be pressed twice while the call runs.
 */
export function MoneyConfirmSheet({
  visible,
  title,
  amountLabel,
  amount,
  unit,
  details,
  children,
  message,
  confirmText,
  confirmDisabled,
  loading,
  onConfirm,
  onClose,
}: MoneyConfirmSheetProps) {
  const { t } = useTranslation();
  return (
    <BottomSheet visible={visible} title={title} onClose={onClose}>
      <form
        className="nb-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!loading && !confirmDisabled) onConfirm();
        }}
      >
        <div className="nb-confirm__amount">
          <p className="nb-confirm__label">{amountLabel}</p>
          <p className="nb-confirm__figure" data-testid="confirm-amount">
            {amount}
            {unit && <span className="nb-confirm__unit">{unit}</span>}
          </p>
        </div>
        {details && details.length > 0 && <KeyValues rows={details} />}
        {children}
        <FormMessage>{message}</FormMessage>
        <div className="nb-confirm__actions">
          <Button block shape="rounded" fill="outline" onClick={onClose} disabled={loading}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            block
            shape="rounded"
            color="primary"
            loading={loading}
            disabled={confirmDisabled}
          >
            {confirmText}
          </Button>
        </div>
      </form>
    </BottomSheet>
  );
}
