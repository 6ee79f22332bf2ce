import { Select, Space } from 'antd';
import { useState } from 'react';
import { Panel } from '../../components/panel';
import { useAdminQuery } from '../../components/use-admin-query';
import { GameLimitsPanel } from './game-limits-panel';
import { GameListPanel } from './game-list-panel';
import { GameReportPanel } from './game-report-panel';
import { GameRoundPanel } from './game-round-panel';
import { RoundListPanel } from './round-list-panel';

/**
 * 自营游戏: the house games (all under venue.games). The pickers (开关游戏, 期号列表's game
 * filter, 按游戏查看) need every game, so they read the unpaged games call; the 游戏列表 table
 * is the venue's paged list.
 */
export function GamesTab() {
  const list = useAdminQuery('houseVenueGameList', { body: {} });
  // The platform checked the venue's answer against the protocol (9782 otherwise).
  const games = list.data?.games ?? [];
  const [gameCode, setGameCode] = useState<string | undefined>(undefined);
  const chosen = gameCode ?? games[0]?.gameCode;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <GameListPanel games={games} error={list.error} />
      <RoundListPanel games={games} />
      <Panel title="按游戏查看">
        <Select
          aria-label="选择游戏"
          style={{ width: 200 }}
          value={chosen}
          onChange={setGameCode}
          options={games.map((g) => ({ value: g.gameCode, label: `${g.name}（${g.gameCode}）` }))}
        />
      </Panel>
      {chosen && <GameRoundPanel gameCode={chosen} />}
      {chosen && <GameLimitsPanel gameCode={chosen} />}
      {chosen && <GameReportPanel gameCode={chosen} />}
    </Space>
  );
}
