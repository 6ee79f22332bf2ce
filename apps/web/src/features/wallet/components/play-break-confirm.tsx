import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { KeyValues } from '../../../components/ui/money';
import { shanghaiDateTime } from '../../../lib/shanghai-date';
import { useServerNow } from '../hooks/use-server-now';
import { endOf, kindName, lengthName, type PlayBreakChoice } from '../model/play-break';
import '../../../components/ui/money.css';
import './play-break.css';

interface PlayBreakConfirmProps {
  /** The choice to confirm; null: closed. */
  choice: PlayBreakChoice | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asked once, clearly (design "States": irreversible actions): what starts, the exact end in
 * Beijing time (now + the length, kept current while the sheet is open), and that it cannot be
 * undone. The confirm button shows progress and cannot be pressed twice.
 */
export function PlayBreakConfirm({ choice, loading, onConfirm, onClose }: PlayBreakConfirmProps) {
  const { t } = useTranslation('wallet');
  return (
    <BottomSheet
      visible={choice !== null}
      title={choice ? t(`playBreak.confirmTitle.${choice.kind}`) : ''}
      onClose={loading ? () => undefined : onClose}
    >
      {choice && (
        <ConfirmForm choice={choice} loading={loading} onConfirm={onConfirm} onClose={onClose} />
      )}
    </BottomSheet>
  );
}

function ConfirmForm({
  choice,
  loading,
  onConfirm,
  onClose,
}: PlayBreakConfirmProps & { choice: PlayBreakChoice }) {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  // Mounted when the sheet opens: the end is now + the length from the first frame on.
  const now = useServerNow(1000);
  const end = shanghaiDateTime(endOf(choice, now));
  return (
    <form
      className="nb-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!loading) onConfirm();
      }}
    >
      <KeyValues
        rows={[
          { key: 'kind', label: t('playBreak.confirmKind'), value: kindName(choice.kind) },
          { key: 'length', label: t('playBreak.confirmLength'), value: lengthName(choice.length) },
          { key: 'start', label: t('playBreak.confirmStart'), value: t('playBreak.now') },
          {
            key: 'end',
            label: t('playBreak.confirmEnd'),
            value: (
              <strong className="nb-pbreak__end" data-testid="break-confirm-end">
                {t('playBreak.beijing', { time: end })}
              </strong>
            ),
          },
        ]}
      />
      <div className="nb-pbreak__warning" role="note">
        <p className="nb-pbreak__warning-main">{t('playBreak.confirmFinal', { time: end })}</p>
        <p className="nb-pbreak__warning-text">{t('playBreak.confirmEffects')}</p>
      </div>
      <div className="nb-confirm__actions">
        <Button block shape="rounded" fill="outline" onClick={onClose} disabled={loading}>
          {tc('cancel')}
        </Button>
        <Button type="submit" block shape="rounded" color="primary" loading={loading}>
          {t('playBreak.confirm')}
        </Button>
      </div>
    </form>
  );
}
