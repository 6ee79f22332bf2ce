import { useEffect, type ReactNode } from 'react';
import { CloseIcon } from './icons';

/** A bottom sheet over a dimmed page; closes on the backdrop, the × or Escape. */
export function Sheet({
  title,
  open,
  onClose,
  children,
  className = '',
  headerExtra,
}: {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  headerExtra?: ReactNode;
}) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="sheet">
      <div className="sheet__backdrop" onClick={onClose} />
      <section
        className={`sheet__panel ${className}`}
        role="dialog"
        aria-modal="true"
        aria-label={typeof title === 'string' ? title : undefined}
      >
        <header className="sheet__header">
          <h2 className="sheet__title">{title}</h2>
          {headerExtra}
          <button type="button" className="icon-btn" aria-label="关闭" onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        {children}
      </section>
    </div>
  );
}
