import { Button } from 'antd-mobile';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useRouteError } from 'react-router';
import { CUSTOMER_MAIN_PATH } from '../../site/paths';
import './shell-screens.css';

/** The render-error screen of contract §8.1: a calm message and a reload. */
export function RenderErrorScreen() {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation();
  return (
    <main className="nb-screen" role="alert">
      <img className="nb-screen__art" src="/static/empty.svg" alt="" width={160} height={128} />
      <h1 className="nb-screen__title">{t('renderError.title')}</h1>
      <p className="nb-screen__text">{t('renderError.description')}</p>
      <Button
        color="primary"
        shape="rounded"
        className="nb-screen__action"
        onClick={() => window.location.reload()}
      >
        {t('renderError.reload')}
      </Button>
      {/* A plain link: after a render failure a full page load is the surer way out. */}
      <a className="nb-cs-link" href={CUSTOMER_MAIN_PATH}>
        {tc('contactCs')}
      </a>
    </main>
  );
}

/** The router's error element: a page that throws while rendering or whose chunk failed. */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error(error);
  return <RenderErrorScreen />;
}

interface BoundaryState {
  failed: boolean;
}

/** Outermost boundary, for failures outside the router (providers, the shell itself). */
export class RenderErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RenderErrorScreen /> : this.props.children;
  }
}
