import type { TablesList, TableView } from '@nebula/protocol/venue/games/tables-api';
import { ApiError, SessionExpiredError } from '../../lib/api';
import { createStore } from '../../lib/store';
import { monoNow, syncServerTime } from './server-clock';
import { tablesCalls } from './tables-api';

export interface TablesState {
  tables: TableView[] | null;
  error: string | null;
}

export const tablesStore = createStore<TablesState>({ tables: null, error: null });

/**
 * How often the tables page asks for the tables. A game venue's session may not open the live
 * socket (docs/contract.md §10.11), so the page polls: every member sees the venue's countdown,
 * cards and zone totals within a second, and a page that lost the network catches up on the next
 * answer (joining mid-round is the same read).
 */
export const TABLES_POLL_MS = 1000;

export function applyTablesList(list: TablesList, sentAt: number, receivedAt = monoNow()): void {
  syncServerTime(list.serverTime, sentAt, receivedAt);
  tablesStore.set({ tables: list.tables, error: null });
}

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

let timer: ReturnType<typeof setInterval> | null = null;
let users = 0;

/** Polls while at least one screen showing tables is mounted; answers its release. */
export function watchTables(): () => void {
  users += 1;
  if (!timer) {
    void refreshTables();
    timer = setInterval(() => void refreshTables(), TABLES_POLL_MS);
  }
  return () => {
    users -= 1;
    if (users === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}
