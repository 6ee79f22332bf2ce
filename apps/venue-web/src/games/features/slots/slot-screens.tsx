import { lazy } from 'react';
import type { GameRoute } from '../../lib/route';
import { SlotLobbyPage } from './slot-lobby-page';

// The lobby comes with the page; the game, records, verify and rules screens load when opened.
const SlotPage = lazy(() => import('./slot-page').then((m) => ({ default: m.SlotPage })));
const SlotVerifyPage = lazy(() =>
  import('./slot-verify-page').then((m) => ({ default: m.SlotVerifyPage })),
);
const SlotRecordsPage = lazy(() =>
  import('./slot-records-page').then((m) => ({ default: m.SlotRecordsPage })),
);
const SlotRulesPage = lazy(() =>
  import('./slot-rules-page').then((m) => ({ default: m.SlotRulesPage })),
);

/**
 * The 电子 (DZ) family's screens on the same hash routes as the lottery's: `#/play/FXGZ` the
 * game, `#/verify/FXGZ/{spinId}` a spin's 公平验证, `#/records` 游戏记录, `#/rules/FXGZ`.
 * Slots have no draws, so there is no 开奖 screen.
 */
export function SlotScreen({ route }: { route: GameRoute }) {
  switch (route.page) {
    case 'lobby':
    case 'results':
      return <SlotLobbyPage />;
    case 'play':
      return <SlotPage gameCode={route.game} />;
    case 'verify':
      return <SlotVerifyPage spinId={route.roundNo} />;
    case 'records':
      return <SlotRecordsPage />;
    case 'rules':
      return <SlotRulesPage gameCode={route.game} />;
  }
}
