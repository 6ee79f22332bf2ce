import { Button, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { describeError } from '../../lib/api-errors';
import './page-states.css';

/** Placeholder lines while data loads; `height` reserves space so nothing shifts later. */
export function PageSkeleton({ lines = 4, height }: { lines?: number; height?: number }) {
  return (
    <div
      className="nb-state nb-state--skeleton"
      style={height ? { minHeight: height } : undefined}
      aria-busy="true"
    >
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={lines} animated />
    </div>
  );
}

export function EmptyState({
  title,
  hint,
  action,
}: {
  title?: ReactNode;
  hint?: ReactNode;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="nb-state nb-state--empty" role="status">
      <img className="nb-state__image" src="/static/empty.svg" alt="" width={120} height={96} />
      <p className="nb-state__title">{title ?? t('empty')}</p>
      <p className="nb-state__hint">{hint ?? t('emptyHint')}</p>
      {action}
    </div>
  );
}

/** A failure with its coded Chinese message and a retry button. */
export function ErrorState({
  error,
  onRetry,
  compact,
}: {
  error: unknown;
  onRetry?: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { message, code } = describeError(error);
  return (
    <div className={`nb-state nb-state--error${compact ? ' nb-state--compact' : ''}`} role="alert">
      <p className="nb-state__title">{message}</p>
      {code !== undefined && <p className="nb-state__hint">{t('errorCode', { code })}</p>}
      {onRetry && (
        <Button size="small" color="primary" fill="outline" shape="rounded" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </div>
  );
}
