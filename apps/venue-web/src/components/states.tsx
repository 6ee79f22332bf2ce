import { EmptyArt } from './icons';

/** Grey rows where matches will be: no layout shift when they arrive. */
export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className="skeleton" aria-busy="true" aria-label="加载中">
      {Array.from({ length: rows }, (_, i) => (
        <div className="skeleton__row" key={i}>
          <div className="skeleton__teams">
            <span className="skeleton__bar skeleton__bar--short" />
            <span className="skeleton__bar" />
            <span className="skeleton__bar" />
          </div>
          <span className="skeleton__odds" />
          <span className="skeleton__odds" />
          <span className="skeleton__odds" />
        </div>
      ))}
    </div>
  );
}

export function EmptyState({
  title,
  hint,
  action,
}: {
  title: string;
  hint?: string;
  action?: { label: string; onClick: () => void };
}) {
  return (
    <div className="state" role="status">
      <EmptyArt />
      <p className="state__title">{title}</p>
      {hint && <p className="state__hint">{hint}</p>}
      {action && (
        <button type="button" className="btn btn--ghost" onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="state state--error" role="alert">
      <p className="state__title">加载失败</p>
      <p className="state__hint">{message}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}
