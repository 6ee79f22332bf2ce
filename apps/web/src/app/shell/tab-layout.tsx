import { Outlet, useMatches } from 'react-router';
import type { RouteHandle } from '../router';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';

/** Pages with the bottom tab bar; the top bar where the route's handle asks for it. */
export function TabLayout() {
  const matches = useMatches();
  const topBar = matches.some((match) => (match.handle as RouteHandle | undefined)?.topBar);
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
