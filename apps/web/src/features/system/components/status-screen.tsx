import type { ReactNode } from 'react';
import './status-screen.css';

interface StatusScreenProps {
  art: string;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}

/** Full-page notice for the system pages: artwork, title, text, actions. */
export function StatusScreen({ art, title, children, actions }: StatusScreenProps) {
  return (
    <main className="nb-status">
      <div className="nb-status__card">
        <img className="nb-status__art" src={art} alt="" width={180} height={144} />
        <h1 className="nb-status__title">{title}</h1>
        {children}
        {actions && <div className="nb-status__actions">{actions}</div>}
      </div>
    </main>
  );
}
