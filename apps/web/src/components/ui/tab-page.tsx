import type { ReactNode } from 'react';
import './tab-page.css';

/**
 * A page of the tab frame (客服, 赞助): a branded header with the title and a short line, then
 * the content over a grey background. Tab pages have no back arrow: the tab bar is the way out.
 */
export function TabPage({
  title,
  subtitle,
  children,
  className,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`nb-tabpage ${className ?? ''}`}>
      <header className="nb-tabpage__top">
        <h1 className="nb-tabpage__title">{title}</h1>
        {subtitle && <p className="nb-tabpage__subtitle">{subtitle}</p>}
      </header>
      <div className="nb-tabpage__body">{children}</div>
    </div>
  );
}
