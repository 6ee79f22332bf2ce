import { MODAL_LEAVE_ANIMATION_MS } from '@nebula/protocol/constants/constants';
import { Button, type ButtonRef } from 'antd-mobile';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../i18n/use-translation';
import { useLeaveTransition } from './use-leave-transition';
import './app-modal.css';

const animation = { animationDuration: `${MODAL_LEAVE_ANIMATION_MS}ms` };

export interface AppModalProps {
  visible: boolean;
  /** Defaults to 温馨提示 (contract §8.1). */
  title?: ReactNode;
  children: ReactNode;
  /** Defaults to 确定. */
  confirmText?: ReactNode;
  onConfirm?: () => void;
  /** A secondary button (e.g. 关闭 beside 查看详情); shown only when given. */
  cancelText?: ReactNode;
  onCancel?: () => void;
  /** Called after the leave animation, once the modal is gone. */
  afterClose?: () => void;
  /** Content width in px; the modal never exceeds the viewport. */
  width?: number;
  className?: string;
  /** Extra content under the body, e.g. an image. */
  media?: ReactNode;
}

/**
 * The site's modal: title, body, one OK button; leaves with a 300 ms animation. Built here
 * rather than on antd-mobile's Modal so the leave timing is exactly the spec's.
 */
export function AppModal(props: AppModalProps) {
  const {
    visible,
    title,
    children,
    confirmText,
    onConfirm,
    cancelText,
    onCancel,
    afterClose,
    width,
    className,
    media,
  } = props;
  const { t } = useTranslation();
  const { mounted, phase } = useLeaveTransition(visible, MODAL_LEAVE_ANIMATION_MS);
  const titleId = useId();
  const okRef = useRef<ButtonRef>(null);
  const wasMounted = useRef(false);

  useEffect(() => {
    if (mounted) {
      wasMounted.current = true;
      if (!visible) return undefined;
      // Focused in the frame that draws the modal: focusing lays the page out, and from the
      // effect that layout ran inside React's commit task (29 % of the welcome pop's in a trace,
      // docs/benchmarks.md "web"); in the frame it is the layout the frame does anyway.
      const frame = requestAnimationFrame(() => okRef.current?.nativeElement?.focus());
      return () => cancelAnimationFrame(frame);
    }
    if (wasMounted.current) {
      wasMounted.current = false;
      afterClose?.();
    }
    return undefined;
  }, [mounted, visible, afterClose]);

  if (!mounted) return null;
  return createPortal(
    <div className={`nb-modal nb-modal--${phase}`}>
      <div className="nb-modal__mask" style={animation} />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`nb-modal__card ${className ?? ''}`}
        style={width ? { ...animation, width: `${width}px` } : animation}
      >
        <h2 id={titleId} className="nb-modal__title">
          {title ?? t('modalTitle')}
        </h2>
        {media}
        <div className="nb-modal__body">{children}</div>
        <div className="nb-modal__footer">
          {cancelText && (
            <Button block fill="outline" shape="rounded" onClick={onCancel}>
              {cancelText}
            </Button>
          )}
          <Button ref={okRef} block color="primary" shape="rounded" onClick={onConfirm}>
            {confirmText ?? t('ok')}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
