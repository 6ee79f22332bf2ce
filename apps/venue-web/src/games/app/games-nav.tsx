import type { ReactElement } from 'react';
import { TicketIcon, TrophyIcon } from '../../components/icons';
import type { GameRoute } from '../lib/route';

const GridIcon = () => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <rect x="4" y="4" width="7" height="7" rx="2" />
    <rect x="13" y="4" width="7" height="7" rx="2" />
    <rect x="4" y="13" width="7" height="7" rx="2" />
    <rect x="13" y="13" width="7" height="7" rx="2" />
  </svg>
);
const ShieldIcon = () => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z" />
    <path d="M8.5 12l2.5 2.5 4.5-5" />
  </svg>
);
const BookIcon = () => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    aria-hidden="true"
  >
    <path d="M5 4h10a4 4 0 0 1 4 4v12H9a4 4 0 0 1-4-4z" />
    <path d="M9 9h6M9 13h6" />
  </svg>
);

/**
 * The games page's tabs: 大厅, 开奖 (开奖记录), 验证 (公平验证), 注单 (游戏记录), 规则 — 公平验证
 * and 游戏记录 one tap away (design "House games").
 */
export function GamesNav({
  route,
  game,
  tables = false,
  onGo,
  slots = false,
}: {
  route: GameRoute;
  game: string | null;
  /** The live tables' tabs: 大厅, 验证, 注单, 规则 of the table (no 开奖 list). */
  tables?: boolean;
  onGo: (r: GameRoute) => void;
  /** Slots (电子) have no draws: no 开奖 tab, and 注单 is their 游戏记录. */
  slots?: boolean;
}) {
  const items: [GameRoute | null, string, ReactElement, GameRoute['page'][]][] = tables
    ? [
        [{ page: 'lobby' }, '大厅', <GridIcon key="i" />, ['lobby', 'table']],
        [
          game ? { page: 'tableVerify', game, roundNo: null } : null,
          '验证',
          <ShieldIcon key="i" />,
          ['tableVerify'],
        ],
        [{ page: 'records' }, '注单', <TicketIcon key="i" />, ['records']],
        [game ? { page: 'tableRules', game } : null, '规则', <BookIcon key="i" />, ['tableRules']],
      ]
    : [
        [{ page: 'lobby' }, '大厅', <GridIcon key="i" />, ['lobby', 'play', 'trend', 'chases']],
        [game ? { page: 'results', game } : null, '开奖', <TrophyIcon key="i" />, ['results']],
        [
          game ? { page: 'verify', game, roundNo: null } : null,
          '验证',
          <ShieldIcon key="i" />,
          ['verify'],
        ],
        [{ page: 'records' }, slots ? '记录' : '注单', <TicketIcon key="i" />, ['records']],
        [game ? { page: 'rules', game } : null, '规则', <BookIcon key="i" />, ['rules']],
      ];
  return (
    <nav className="nav" aria-label="页面">
      {items
        .filter(([, label]) => !(slots && label === '开奖'))
        .map(([target, label, icon, pages]) => {
          const on = pages.includes(route.page);
          return (
            <button
              type="button"
              key={label}
              className={`nav__item${on ? ' nav__item--on' : ''}`}
              aria-current={on ? 'page' : undefined}
              disabled={target === null}
              onClick={() => target && onGo(target)}
            >
              {icon}
              <span>{label}</span>
            </button>
          );
        })}
    </nav>
  );
}
