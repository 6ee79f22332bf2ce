import type {
  TableRoundView,
  TablesList,
  TableView,
} from '@nebula/protocol/venue/games/tables-api';
import type { ChannelFrame, LiveChannel } from '@nebula/protocol/venue/live-channels';
import { ApiError, SessionExpiredError } from '../../lib/api';
import { createStore } from '../../lib/store';
import { onChannelFrames, socketDown, wantChannels } from './games-live';
import { monoNow, syncServerTime } from './server-clock';
import { tablesCalls } from './tables-api';

export interface TablesState {
  tables: TableView[] | null;
  error: string | null;
}

export const tablesStore = createStore<TablesState>({ tables: null, error: null });

let timer: ReturnType<typeof setInterval> | null = null;
/** Screens showing tables now. */
let users = 0;

/**
 * How often the tables are asked for while the live socket is down (docs/contract.md §10.12):
 * while it is live the tables' channels bring the round, the zone totals and the deal, and the
 * list is read again only when a round opens or is dealt (the roads, the shoe).
 */
export const TABLES_POLL_MS = 3000;

export function applyTablesList(list: TablesList, sentAt: number, receivedAt = monoNow()): void {
  syncServerTime(list.serverTime, sentAt, receivedAt);
  tablesStore.set({ tables: list.tables, error: null });
  if (users > 0) {
    wantChannels(
      'tables',
      list.tables.map((t): LiveChannel => `table:${t.code}`),
    );
  }
}

function patchRound(code: string, fn: (r: TableRoundView | null) => TableRoundView | null): void {
  tablesStore.set((s) => {
    const tables = s.tables?.map((t) => {
      if (t.code !== code) return t;
      const round = fn(t.round);
      return round === t.round ? t : { ...t, round };
    });
    return tables ? { ...s, tables } : s;
  });
}

/** One table frame: the round it shows moves on; a new round or a dealt hand reads the list. */
export function applyTableFrame(f: ChannelFrame): void {
  const code = f.channel.slice('table:'.length);
  const same = (r: TableRoundView | null, roundNo: string) => r?.roundNo === roundNo;
  switch (f.type) {
    case 'table.snapshot': {
      const before = tablesStore.get().tables?.find((t) => t.code === code)?.round ?? null;
      patchRound(code, () => f.round);
      // Missed while away: another round, or its hand (the roads and shoe come with the list).
      if (before?.roundNo !== f.round?.roundNo || (f.round?.hand && !before?.hand)) {
        void refreshTables();
      }
      return;
    }
    case 'table.opened':
      patchRound(code, (r) =>
        same(r, f.roundNo)
          ? r
          : {
              roundNo: f.roundNo,
              shoeNo: f.shoeNo,
              handNo: f.handNo,
              state: 'betting',
              opensAt: f.opensAt,
              bettingEndsAt: f.bettingEndsAt,
              zoneTotals: (r?.zoneTotals ?? []).map((z) => ({ ...z, amount: '0.00' })),
              hand: null,
            },
      );
      void refreshTables();
      return;
    case 'table.totals':
      patchRound(code, (r) => (r && same(r, f.roundNo) ? { ...r, zoneTotals: f.zoneTotals } : r));
      return;
    case 'table.sealed':
      patchRound(code, (r) =>
        r && same(r, f.roundNo) && r.state === 'betting' ? { ...r, state: 'sealed' } : r,
      );
      return;
    case 'table.result':
      patchRound(code, (r) =>
        r && same(r, f.roundNo) ? { ...r, state: f.state, hand: f.hand } : r,
      );
      if (f.state !== 'settled') void refreshTables();
      return;
    default:
      // table.card: the page turns the hand's cards itself once the result brings it.
      return;
  }
}
onChannelFrames('tables', applyTableFrame);

export async function refreshTables(): Promise<void> {
  const sentAt = monoNow();
  try {
    applyTablesList(await tablesCalls.list(), sentAt);
  } catch (err) {
    if (err instanceof SessionExpiredError) return;
    const message = err instanceof ApiError ? err.message : String(err);
    tablesStore.set((s) => ({ ...s, error: message }));
  }
}

/**
 * Follows the tables while at least one screen showing them is mounted: their channels on the
 * live socket, and the list every TABLES_POLL_MS while the socket is down. Answers its release.
 */
export function watchTables(): () => void {
  users += 1;
  if (!timer) {
    void refreshTables();
    timer = setInterval(() => {
      if (socketDown()) void refreshTables();
    }, TABLES_POLL_MS);
  }
  return () => {
    users -= 1;
    if (users === 0 && timer) {
      clearInterval(timer);
      timer = null;
      wantChannels('tables', []);
    }
  };
}
