import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import './bottom-sheet.css';

interface BottomSheetProps {
  visible: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
}

/** A titled bottom sheet for short forms (one-handed use: the inputs sit near the thumb). */
export function BottomSheet({ visible, title, onClose, children }: BottomSheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="nb-sheet"
    >
      <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="nb-sheet__head">
          <h2 id={titleId} className="nb-sheet__title">
            {title}
          </h2>
          <button
            type="button"
            className="nb-sheet__close"
            aria-label={t('close')}
            onClick={onClose}
          >
            <CloseOutline />
          </button>
        </div>
        <div className="nb-sheet__body">{children}</div>
      </div>
    </Popup>
  );
}
