import { useSyncExternalStore } from 'react';

/**
 * The games page's screens, kept in the address's hash (no router library): `#/` the lobby,
 * `#/play/JSK3`, `#/results/JSK3`, `#/verify/JSK3/202611260001`, `#/records`, `#/rules/JSK3`,
 * `#/trend/JSK3` (走势图), `#/chases` (追号记录).
 * The live tables: `#/table/BAC1`, `#/table-verify/BAC1/{roundNo}`, `#/table-rules/BAC1`.
 * A reload lands on the same screen (the launch token is gone by then; the site relaunches).
 */
export type GameRoute =
  | { page: 'lobby' }
  | { page: 'play'; game: string }
  | { page: 'results'; game: string }
  | { page: 'verify'; game: string; roundNo: string | null }
  | { page: 'records' }
  | { page: 'rules'; game: string }
  | { page: 'trend'; game: string }
  | { page: 'chases' }
  | { page: 'table'; game: string }
  | { page: 'tableVerify'; game: string; roundNo: string | null }
  | { page: 'tableRules'; game: string };

const CODE = /^[A-Z][A-Z0-9]{1,15}$/;
const ROUND = /^[1-9][0-9]{0,19}$/;

export function parseRoute(hash: string): GameRoute {
  const [, page = '', game = '', roundNo = ''] = hash.replace(/^#/, '').split('/');
  if (page === 'records') return { page: 'records' };
  if (page === 'chases') return { page: 'chases' };
  if (!CODE.test(game)) return { page: 'lobby' };
  switch (page) {
    case 'play':
    case 'results':
    case 'rules':
    case 'trend':
      return { page, game };
    case 'verify':
      return { page, game, roundNo: ROUND.test(roundNo) ? roundNo : null };
    case 'table':
      return { page: 'table', game };
    case 'table-verify':
      return { page: 'tableVerify', game, roundNo: ROUND.test(roundNo) ? roundNo : null };
    case 'table-rules':
      return { page: 'tableRules', game };
    default:
      return { page: 'lobby' };
  }
}

export function routeHash(r: GameRoute): string {
  switch (r.page) {
    case 'lobby':
      return '#/';
    case 'records':
      return '#/records';
    case 'chases':
      return '#/chases';
    case 'verify':
      return `#/verify/${r.game}${r.roundNo ? `/${r.roundNo}` : ''}`;
    case 'tableVerify':
      return `#/table-verify/${r.game}${r.roundNo ? `/${r.roundNo}` : ''}`;
    case 'tableRules':
      return `#/table-rules/${r.game}`;
    default:
      return `#/${r.page}/${r.game}`;
  }
}

const subscribe = (listener: () => void) => {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
};
const read = () => location.hash;

export function useRoute(): GameRoute {
  return parseRoute(useSyncExternalStore(subscribe, read, read));
}

export function go(r: GameRoute): void {
  const hash = routeHash(r);
  if (location.hash !== hash) location.hash = hash;
  window.scrollTo(0, 0);
}
