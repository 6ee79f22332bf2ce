import { lazy, Suspense, useEffect } from 'react';
import { Expired } from '../../components/expired';
import { ErrorState, ListSkeleton } from '../../components/states';
import { ToastHost } from '../../components/toast';
import { money } from '../../lib/format';
import { bridge } from '../../lib/frame-bridge';
import { sessionStore, type Session } from '../../lib/session';
import { DemoBadge } from '../../components/demo-badge';
import { useStore } from '../../lib/store';
import { gamesStore } from '../lib/games-store';
import { tablesStore } from '../lib/tables-store';
import { go, useRoute, type GameRoute } from '../lib/route';
import { gameBalance } from '../lib/wallet-store';
import { LobbyPage } from '../features/lobby/lobby-page';
import { TablesLobby } from '../features/tables/tables-lobby';
import { slotsStore } from '../lib/slots-store';
import { SlotScreen } from '../features/slots/slot-screens';
import { bootError, bootGames, currentGame } from './games-boot';
import { GamesNav } from './games-nav';

// The lobby is the first screen; every other screen loads when first opened.
const K3Page = lazy(() => import('../features/k3/k3-page').then((m) => ({ default: m.K3Page })));
const LotteryPage = lazy(() =>
  import('../features/lottery/lottery-page').then((m) => ({ default: m.LotteryPage })),
);
const TrendPage = lazy(() =>
  import('../features/trend/trend-page').then((m) => ({ default: m.TrendPage })),
);
const ChasesPage = lazy(() =>
  import('../features/chase/chases-page').then((m) => ({ default: m.ChasesPage })),
);
const ResultsPage = lazy(() =>
  import('../features/results/results-page').then((m) => ({ default: m.ResultsPage })),
);
const VerifyPage = lazy(() =>
  import('../features/verify/verify-page').then((m) => ({ default: m.VerifyPage })),
);
const RecordsPage = lazy(() =>
  import('../features/records/records-page').then((m) => ({ default: m.RecordsPage })),
);
const RulesPage = lazy(() =>
  import('../features/rules/rules-page').then((m) => ({ default: m.RulesPage })),
);
const TablePage = lazy(() =>
  import('../features/tables/table-page').then((m) => ({ default: m.TablePage })),
);
const TableVerifyPage = lazy(() =>
  import('../features/tables/table-verify-page').then((m) => ({ default: m.TableVerifyPage })),
);
const TableRulesPage = lazy(() =>
  import('../features/tables/table-rules-page').then((m) => ({ default: m.TableRulesPage })),
);
const TableRecordsPage = lazy(() =>
  import('../features/tables/table-records-page').then((m) => ({ default: m.TableRecordsPage })),
);

const familyNames: Record<string, string> = { CP: '彩票', ZR: '真人', DZ: '电子' };

/** The games a session's lobby lists: its family's (a sportsbook session sees them all). */
export function familyOf(session: Session): string | null {
  return session.family in familyNames ? session.family : null;
}

function Header({ session }: { session: Session }) {
  const balance = useStore(gameBalance);
  return (
    <header className="top">
      <h1 className="top__title">{familyNames[session.family] ?? '游戏'}</h1>
      {balance !== null && (
        <span className="top__balance" data-balance={balance}>
          ¥{money(balance)}
        </span>
      )}
      <DemoBadge />
      {/* Play money moves no real money in: no 转入 in 试玩. */}
      {!session.demo && (
        <button
          type="button"
          className="top__transfer"
          onClick={() => bridge.post({ type: 'openTransfer', venueCode: session.venueCode })}
        >
          转入
        </button>
      )}
    </header>
  );
}

function Screen({ route, session }: { route: GameRoute; session: Session }) {
  if (session.family === 'DZ') return <SlotScreen route={route} />;
  switch (route.page) {
    case 'lobby':
      // 真人 (ZR) is the live tables (docs/contract.md §10.12).
      return session.family === 'ZR' ? <TablesLobby /> : <LobbyPage family={familyOf(session)} />;
    case 'play':
      // 快3 has its own board; PK10 and 时时彩 share the lottery board.
      if (route.game === 'JSPK10' || route.game === 'JSSSC')
        return <LotteryPage key={route.game} gameCode={route.game} />;
      return <K3Page gameCode={route.game} />;
    case 'trend':
      return <TrendPage key={route.game} gameCode={route.game} />;
    case 'chases':
      return <ChasesPage />;
    case 'results':
      return <ResultsPage gameCode={route.game} />;
    case 'verify':
      return <VerifyPage gameCode={route.game} roundNo={route.roundNo} />;
    case 'records':
      return session.family === 'ZR' ? <TableRecordsPage /> : <RecordsPage />;
    case 'rules':
      return <RulesPage gameCode={route.game} />;
    case 'table':
      return <TablePage tableCode={route.game} />;
    case 'tableVerify':
      return <TableVerifyPage tableCode={route.game} roundNo={route.roundNo} />;
    case 'tableRules':
      return <TableRulesPage tableCode={route.game} />;
  }
}

function Games({ session }: { session: Session }) {
  const route = useRoute();
  const games = useStore(gamesStore).games;
  const remembered = useStore(currentGame);
  const routeGame = 'game' in route ? route.game : null;
  useEffect(() => {
    if (routeGame) currentGame.set(routeGame);
  }, [routeGame]);
  const family = familyOf(session);
  const tables = useStore(tablesStore).tables;
  const slotGames = useStore(slotsStore).games;
  const fallback =
    family === 'ZR'
      ? (tables?.[0]?.code ?? null)
      : family === 'DZ'
        ? (slotGames?.[0]?.gameCode ?? null)
        : (games?.find((g) => family === null || g.family === family)?.gameCode ?? null);
  const game = routeGame ?? remembered ?? fallback;
  return (
    <>
      <Header session={session} />
      <main className="main games">
        <Suspense fallback={<ListSkeleton rows={5} />}>
          <Screen route={route} session={session} />
        </Suspense>
      </main>
      <GamesNav
        route={route}
        game={game}
        tables={family === 'ZR'}
        slots={family === 'DZ'}
        onGo={go}
      />
      <ToastHost />
    </>
  );
}

export function GamesApp({ token, game }: { token: string | null; game: string | null }) {
  const state = useStore(sessionStore);
  const error = useStore(bootError);
  useEffect(() => {
    void bootGames(token, game);
  }, [token, game]);
  if (state.phase === 'expired') return <Expired />;
  if (state.phase === 'entering') {
    return (
      <>
        <header className="top top--ghost" aria-hidden="true" />
        {error ? (
          <ErrorState message={error} onRetry={() => void bootGames(token, game)} />
        ) : (
          <ListSkeleton rows={4} />
        )}
      </>
    );
  }
  return <Games session={state.session} />;
}
