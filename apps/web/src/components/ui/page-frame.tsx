import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import './page-frame.css';

interface PageFrameProps {
  title: ReactNode;
  children: ReactNode;
  /** Where the back arrow goes when there is no in-site history (a page opened directly). */
  backTo?: string;
  right?: ReactNode;
  className?: string;
}

/** Whether the router has an earlier entry of ours to go back to. */
function hasInSiteHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** A sub-page: sticky nav bar with back arrow and title, then the content. */
export function PageFrame({ title, children, backTo = '/', right, className }: PageFrameProps) {
  const navigate = useNavigate();
  const back = () => {
    if (hasInSiteHistory()) void navigate(-1);
    else void navigate(backTo, { replace: true });
  };
  return (
    <div className={`nb-page ${className ?? ''}`}>
      <header className="nb-page__bar">
        <NavBar onBack={back} right={right}>
          <h1 className="nb-page__title">{title}</h1>
        </NavBar>
      </header>
      <main className="nb-page__body">{children}</main>
    </div>
  );
}
