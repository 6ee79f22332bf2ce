import {
  AppOutline,
  GiftOutline,
  MessageOutline,
  StarOutline,
  UserOutline,
} from '../../components/ui/icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { useUnreadMail } from '../../features/mail/api/mail.queries';
import { useSessionStore } from '../../session/session.store';
import { loginPathFor, TAB_PATHS } from '../../site/paths';
import { prefetchRoute } from './route-prefetch';

interface Tab {
  key: keyof typeof TAB_PATHS;
  icon: ReactNode;
  /** The path prefix that marks this tab active. */
  section: string;
}

const TABS: Tab[] = [
  { key: 'home', icon: <AppOutline />, section: '/' },
  { key: 'discount', icon: <GiftOutline />, section: '/activity' },
  { key: 'customer', icon: <MessageOutline />, section: '/customer' },
  { key: 'sponsor', icon: <StarOutline />, section: '/sponsor' },
  { key: 'mine', icon: <UserOutline />, section: '/mine' },
];

function isActive(tab: Tab, pathname: string): boolean {
  return tab.section === '/' ? pathname === '/' : pathname.startsWith(tab.section);
}

/**
 * The five-tab bottom bar of design "Frame"; chunks are prefetched on touch/hover. The member
 * centre needs a session (contract §8.3), so for visitors 我的 opens the login, which comes back.
 */
export function TabBar() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const loggedIn = useSessionStore((state) => state.token !== null);
  const unread = useUnreadMail();
  return (
    <nav className="nb-tabbar" aria-label={t('tabs.home')}>
      {TABS.map((tab) => {
        const active = isActive(tab, pathname);
        const to =
          tab.key === 'mine' && !loggedIn ? loginPathFor(TAB_PATHS.mine) : TAB_PATHS[tab.key];
        return (
          <Link
            key={tab.key}
            to={to}
            className={`nb-tabbar__item${active ? ' nb-tabbar__item--active' : ''}`}
            aria-current={active ? 'page' : undefined}
            onTouchStart={() => prefetchRoute(to)}
            onMouseEnter={() => prefetchRoute(to)}
          >
            <span className="nb-tabbar__icon" aria-hidden="true">
              {tab.icon}
              {tab.key === 'mine' && unread > 0 && (
                <span className="nb-badge nb-tabbar__badge">{unread > 99 ? '99+' : unread}</span>
              )}
            </span>
            <span className="nb-tabbar__label">{t(`tabs.${tab.key}`)}</span>
            {tab.key === 'mine' && unread > 0 && (
              <span className="nb-visually-hidden">{t('unreadMail', { count: unread })}</span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}
