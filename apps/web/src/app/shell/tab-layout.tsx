import { Outlet, useMatches } from 'react-router';
import { useMailNotices } from '../../features/mail/hooks/use-mail-notices';
import type { RouteHandle } from './route-handle';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';

/** Pages with the bottom tab bar; the top bar where the route's handle asks for it. */
export function TabLayout() {
  const matches = useMatches();
  const topBar = matches.some((match) => (match.handle as RouteHandle | undefined)?.topBar);
  // A member's new mail arrives over the chat socket while the tab pages are on screen.
  useMailNotices();
  return (
    <div className="nb-tab-layout">
      {topBar && <TopBar />}
      <main className="nb-tab-layout__main">
        <Outlet />
      </main>
      <TabBar />
    </div>
  );
}
