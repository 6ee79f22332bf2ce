import { Tabs } from 'antd';
import { PageHeader } from '../components/page-header';
import { useCan } from '../components/use-admin-query';
import { BetsTab } from './house-venue/bets-tab';
import { EventsTab } from './house-venue/events-tab';
import { GamesTab } from './house-venue/games-tab';
import { PlayersTab } from './house-venue/players-tab';
import { ReportsTab } from './house-venue/reports-tab';
import { SettingsTab } from './house-venue/settings-tab';

/**
 * The house venue's back office through the platform's proxy (docs/architecture.md, "The
 * house venue through the platform"): one tab per part of the venue's operator API, each shown
 * only to an operator whose role may call its routes. The operator never holds the venue's
 * token; voids and resettles pass the platform's four-eyes gate first.
 */
export function Page() {
  // Both asked every render (hooks in a fixed order): either one shows the tab.
  const canReport = useCan('houseVenueDailyReport');
  const canAudit = useCan('houseVenueAudit');
  const items = [
    useCan('houseVenueSettings') && {
      key: 'settings',
      label: '盘口设置',
      children: <SettingsTab />,
    },
    useCan('houseVenueHoldEvent') && {
      key: 'events',
      label: '赛事与盘口',
      children: <EventsTab />,
    },
    useCan('houseVenueVoidBet') && { key: 'bets', label: '注单处理', children: <BetsTab /> },
    useCan('houseVenuePlayer') && { key: 'players', label: '玩家', children: <PlayersTab /> },
    (canReport || canAudit) && {
      key: 'reports',
      label: '报表与审计',
      children: <ReportsTab />,
    },
    useCan('houseVenueGameList') && { key: 'games', label: '自营游戏', children: <GamesTab /> },
  ].filter((i) => i !== false);
  // Entering results is the day's most frequent job: the page opens there when it may.
  const first = items.some((i) => i.key === 'events') ? 'events' : items[0]?.key;
  return (
    <>
      <PageHeader title="自营场馆" />
      <Tabs items={items} defaultActiveKey={first} destroyOnHidden />
    </>
  );
}
