import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { BallIcon, TicketIcon, TrophyIcon } from '../components/icons';
import { Expired } from '../components/expired';
import { ErrorState, ListSkeleton } from '../components/states';
import { ToastHost } from '../components/toast';
import { Header } from '../features/header/header';
import { ListPage } from '../features/list/list-page';
import { SlipButton } from '../features/slip/slip-button';
import { follow } from '../lib/follow';
import { createStore, useStore } from '../lib/store';
import { oddsTypeStore, sessionStore, type Session } from '../lib/session';
import type { LiveStatus } from '../lib/live-client';
import { slipStore } from '../store/slip-store';
import { boot, bootError, live } from './boot';
import { DemoBadge } from '../components/demo-badge';

// The first screen is the list; the rest load when first opened.
const DetailPage = lazy(() =>
  import('../features/detail/detail-page').then((m) => ({ default: m.DetailPage })),
);
const ResultsPage = lazy(() =>
  import('../features/results/results-page').then((m) => ({ default: m.ResultsPage })),
);
const BetsPage = lazy(() =>
  import('../features/bets/bets-page').then((m) => ({ default: m.BetsPage })),
);
const SlipSheet = lazy(() =>
  import('../features/slip/slip-sheet').then((m) => ({ default: m.SlipSheet })),
);

type Screen = 'list' | 'results' | 'bets';

/** The sportsbook's family: a game venue's session (CP, ZR, DZ) opens the games page, not this one. */
const sportFamily = (s: Session): 'TY' | 'DJ' => (s.family === 'DJ' ? 'DJ' : 'TY');
const offline = createStore<LiveStatus>('connecting');

function Entering({ retry }: { retry: () => void }) {
  const error = useStore(bootError);
  return (
    <>
      <header className="top top--ghost" aria-hidden="true" />
      {error ? <ErrorState message={error} onRetry={retry} /> : <ListSkeleton rows={7} />}
    </>
  );
}

/** Follows the slip's matches live (whole books): their prices must never be stale. */
function useSlipFollow() {
  useEffect(() => {
    let last = '';
    const sync = () => {
      const ids = [...new Set(slipStore.get().items.map((i) => i.eventId))];
      const key = ids.join(',');
      if (key === last) return;
      last = key;
      follow('slip', new Map(ids.map((id) => [id, 'full' as const])));
    };
    sync();
    return slipStore.subscribe(sync);
  }, []);
}

function Sportsbook({ session }: { session: Session }) {
  const oddsType = useStore(oddsTypeStore);
  const [screen, setScreen] = useState<Screen>('list');
  const [detail, setDetail] = useState<string | null>(null);
  const listScroll = useRef(0);
  const slipOpen = useStore(slipStore).open;
  // The slip's code loads the first time it opens, then stays.
  const [slipLoaded, setSlipLoaded] = useState(false);
  if (slipOpen && !slipLoaded) setSlipLoaded(true);
  useSlipFollow();

  const openEvent = (id: string) => {
    listScroll.current = window.scrollY;
    setDetail(id);
    window.scrollTo(0, 0);
  };
  const closeEvent = () => {
    setDetail(null);
    requestAnimationFrame(() => window.scrollTo(0, listScroll.current));
  };
  const go = (s: Screen) => {
    setDetail(null);
    setScreen(s);
    window.scrollTo(0, 0);
  };
  const onList = screen === 'list' && detail === null;
  return (
    <>
      <Header
        family={sportFamily(session)}
        venueCode={session.venueCode}
        live={live?.status ?? offline}
      />
      <DemoBadge floating />
      <main className="main">
        <div hidden={!onList}>
          <ListPage
            family={sportFamily(session)}
            oddsType={oddsType}
            active={onList}
            onOpen={openEvent}
          />
        </div>
        <Suspense fallback={<ListSkeleton rows={5} />}>
          {detail !== null && <DetailPage id={detail} oddsType={oddsType} onBack={closeEvent} />}
          {detail === null && screen === 'results' && <ResultsPage family={sportFamily(session)} />}
          {detail === null && screen === 'bets' && <BetsPage oddsType={oddsType} active />}
        </Suspense>
      </main>
      <SlipButton />
      <nav className="nav" aria-label="页面">
        {(
          [
            ['list', '赛事', <BallIcon key="i" />],
            ['results', '赛果', <TrophyIcon key="i" />],
            ['bets', '注单', <TicketIcon key="i" />],
          ] as const
        ).map(([s, label, icon]) => (
          <button
            type="button"
            key={s}
            className={`nav__item${screen === s && detail === null ? ' nav__item--on' : ''}`}
            aria-current={screen === s && detail === null ? 'page' : undefined}
            onClick={() => go(s)}
          >
            {icon}
            <span>{label}</span>
          </button>
        ))}
      </nav>
      {slipLoaded && (
        <Suspense fallback={null}>
          <SlipSheet oddsType={oddsType} onShowBets={() => go('bets')} />
        </Suspense>
      )}
      <ToastHost />
    </>
  );
}

export function App({
  token,
  selections,
}: {
  token: string | null;
  selections: readonly string[];
}) {
  const state = useStore(sessionStore);
  useEffect(() => {
    void boot(token, selections);
  }, [token, selections]);
  if (state.phase === 'expired') return <Expired />;
  if (state.phase === 'entering') return <Entering retry={() => void boot(token, selections)} />;
  return <Sportsbook session={state.session} />;
}
