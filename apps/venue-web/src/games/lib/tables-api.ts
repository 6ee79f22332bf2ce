import type {
  MyTableBets,
  PlaceTableBetsRequest,
  PlaceTableBetsResult,
  TableRoundDetail,
  TableShoeDetail,
  TablesList,
  TableView,
} from '@nebula/protocol/venue/games/tables-api';
import { gamesApi } from '../../lib/api';

/**
 * The live tables' calls (docs/contract.md §10.12), typed by the protocol's schemas (types only:
 * the page carries no schema library; the venue validates every request).
 */
const table = (code: string) => `/h5/api/tables/${encodeURIComponent(code)}`;

export const tablesCalls = {
  list: () => gamesApi<TablesList>('GET', '/h5/api/tables'),
  table: (code: string) => gamesApi<TableView>('GET', table(code)),
  place: (code: string, req: PlaceTableBetsRequest) =>
    gamesApi<PlaceTableBetsResult>('POST', `${table(code)}/bets`, { body: req }),
  round: (code: string, roundNo: string) =>
    gamesApi<TableRoundDetail>('GET', `${table(code)}/rounds/${encodeURIComponent(roundNo)}`),
  shoe: (code: string, shoeNo: string) =>
    gamesApi<TableShoeDetail>('GET', `${table(code)}/shoes/${encodeURIComponent(shoeNo)}`),
  mine: (q: { tableCode?: string; limit?: number; before?: string } = {}) =>
    gamesApi<MyTableBets>('GET', '/h5/api/tables/bets', {
      query: {
        tableCode: q.tableCode,
        limit: q.limit === undefined ? undefined : String(q.limit),
        before: q.before,
      },
    }),
};
