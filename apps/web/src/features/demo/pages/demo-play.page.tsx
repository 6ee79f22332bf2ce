import type { DemoLaunchResult } from '@nebula/protocol/api/demo/demo.schemas';
import { isVenuePageUrl } from '@nebula/protocol/venue/registry';
import { LeftOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate, useParams } from 'react-router';
import { Money, formatFigure } from '../../../components/ui/money';
import { ErrorState } from '../../../components/ui/page-states';
import { showToast } from '../../../components/ui/toast';
import { describeError } from '../../../lib/api-errors';
import { DEMO_PATH, REGISTER_PATH } from '../../../site/paths';
import { launchDemo, resetDemo, useDemoBalance } from '../api/demo.api';
import { venueMessageType } from '../model/venue-message';
import '../components/demo.css';

/**
 * /demo/play/:venueCode (试玩, docs/contract.md §6 Demo play), open to visitors: the house
 * venue's page framed under a 试玩 bar with the play-money balance, 重置余额 and 注册. The page
 * to frame comes only from the launch's answer (never from the address), and only one of the
 * venue's pages on the origin the server named; a reload or a page asking `relaunch` launches
 * again (the held demo token keeps the same play wallet while the session lasts).
 */
export function DemoPlayPage() {
  const { t } = useTranslation('demo');
  const navigate = useNavigate();
  const { venueCode = '' } = useParams();
  const [launched, setLaunched] = useState<DemoLaunchResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [ready, setReady] = useState(false);
  const [resetting, setResetting] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const balance = useDemoBalance(venueCode, launched?.demoToken ?? null);

  const launch = useCallback(() => {
    launchDemo(venueCode)
      .then((r) => {
        if (!isVenuePageUrl(r.url, r.origin)) throw new Error('venue page off its origin');
        setError(null);
        setReady(false);
        setLaunched(r);
      })
      .catch((err: unknown) => setError(err));
  }, [venueCode]);
  useEffect(launch, [launch]);

  // The venue page's messages: its origin and our frame's window only.
  const origin = launched?.origin ?? null;
  const { refetch } = balance;
  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const type = venueMessageType(event.data);
      if (type === 'ready') setReady(true);
      else if (type === 'balanceChanged') void refetch();
      else if (type === 'relaunch') launch();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, refetch, launch]);

  const back = () => {
    const state = window.history.state as { idx?: number } | null;
    if (typeof state?.idx === 'number' && state.idx > 0) void navigate(-1);
    else void navigate(DEMO_PATH, { replace: true });
  };
  const reset = () => {
    if (!launched || resetting) return;
    setResetting(true);
    resetDemo(venueCode, launched.demoToken)
      .then((b) => {
        showToast(t('resetDone', { amount: formatFigure(b.balance) }));
        void refetch();
        // The venue page reloads its balance (to its origin only).
        frame.current?.contentWindow?.postMessage(
          { source: 'nebula-site', type: 'transferDone' },
          launched.origin,
        );
      })
      .catch((err: unknown) => showToast(describeError(err).message))
      .finally(() => setResetting(false));
  };

  return (
    <div className="nb-demo-frame" data-testid="demo-frame">
      <header className="nb-demo-frame__bar">
        <button type="button" className="nb-demo-frame__back" onClick={back} aria-label={t('back')}>
          <LeftOutline />
        </button>
        <h1 className="nb-demo-frame__name">
          <span className="nb-demo__badge" data-testid="demo-badge">
            {t('badge')}
          </span>{' '}
          {launched?.venue.name ?? ''}
        </h1>
        <span className="nb-demo-frame__balances">
          <span className="nb-demo-frame__balance" data-testid="demo-balance">
            {t('balance')}
            {balance.data ? <Money value={balance.data.balance} /> : '…'}
          </span>
        </span>
        <button
          type="button"
          className="nb-demo-frame__transfer"
          onClick={reset}
          disabled={!launched || resetting}
        >
          {t('reset')}
        </button>
        <Link className="nb-demo__register" to={REGISTER_PATH}>
          {t('registerShort')}
        </Link>
      </header>
      {error !== null ? (
        <div className="nb-demo-frame__error">
          <ErrorState error={error} onRetry={launch} />
        </div>
      ) : (
        <>
          {!ready && <p className="nb-demo-frame__loading">{t('loading')}</p>}
          {launched && (
            <iframe
              key={launched.url}
              ref={frame}
              className="nb-demo-frame__page"
              title={`${t('badge')} ${launched.venue.name}`}
              src={launched.url}
              sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
              referrerPolicy="no-referrer"
              onLoad={() => setReady(true)}
            />
          )}
        </>
      )}
    </div>
  );
}
