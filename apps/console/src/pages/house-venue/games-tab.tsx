import { Button, Form, Input, Select, Space, Table } from 'antd';
import { gamesOperatorCalls } from '@nebula/protocol/venue/games/games-operator';
import { useState } from 'react';
import { errorText } from '../../api/api-error';
import { Panel } from '../../components/panel';
import { useAdminQuery } from '../../components/use-admin-query';
import { zodRule } from '../../components/zod-rule';
import { GameLimitsPanel } from './game-limits-panel';
import { GameReportPanel } from './game-report-panel';
import { GameRoundPanel } from './game-round-panel';
import { RoundListPanel } from './round-list-panel';
import { AnswerDescriptions, fieldText } from './venue-labels';
import { useVenueWrite } from './venue-write';

/** One row of the venue's games list (contract §10.10); the proxy passes it on unmodelled. */
export interface GameRow {
  gameCode: string;
  name: string;
  status: string;
  roundsLeft: number | null;
}

/** The rows of the list answer, keeping only what has the shape the venue documents. */
export function gamesOf(answer: unknown): GameRow[] {
  const games = (answer as { games?: unknown } | null)?.games;
  if (!Array.isArray(games)) return [];
  return games.filter(
    (g): g is GameRow =>
      typeof g === 'object' && g !== null && typeof (g as GameRow).gameCode === 'string',
  );
}

const STATUS_SCHEMA = gamesOperatorCalls.setGameStatus.request;

/** 游戏列表: each game's status and how many rounds its published chain has left. */
function GameListPanel({ games, error }: { games: GameRow[]; error: Error | null }) {
  const publish = useVenueWrite('houseVenueGameChainPublish', '新种子链已发布');
  const status = useVenueWrite('houseVenueGameStatus', '游戏状态已更新');
  return (
    <Panel title="游戏列表">
      {error && <p>{errorText(error)}</p>}
      <Table<GameRow>
        size="small"
        rowKey="gameCode"
        pagination={false}
        dataSource={games}
        columns={[
          { title: '游戏代码', dataIndex: 'gameCode' },
          { title: '名称', dataIndex: 'name' },
          { title: '状态', dataIndex: 'status', render: (s: string) => fieldText('status', s) },
          {
            title: '剩余期数',
            dataIndex: 'roundsLeft',
            render: (n: unknown) => fieldText('roundsLeft', n),
          },
          {
            title: '操作',
            key: 'publish',
            render: (_: unknown, g) => (
              <Button
                size="small"
                loading={publish.busy}
                onClick={() => publish.send({ gameCode: g.gameCode })}
              >
                发布新种子链
              </Button>
            ),
          },
        ]}
      />
      {publish.data !== undefined && (
        <AnswerDescriptions title="已发布的种子链承诺" answer={publish.data} />
      )}
      {publish.extras}
      <Form<{ gameCode: string; status: 'open' | 'closed'; reason: string }>
        name="hv-game-status"
        layout="inline"
        style={{ marginTop: 16 }}
        initialValues={{ status: 'closed' }}
        onFinish={(v) => status.send({ gameCode: v.gameCode, status: v.status, reason: v.reason })}
      >
        <Form.Item
          name="gameCode"
          label="开关游戏"
          rules={[zodRule(STATUS_SCHEMA, 'gameCode', '请选择游戏')]}
        >
          <Select
            style={{ width: 160 }}
            options={games.map((g) => ({ value: g.gameCode, label: `${g.name}（${g.gameCode}）` }))}
          />
        </Form.Item>
        <Form.Item name="status" label="设为">
          <Select
            style={{ width: 100 }}
            options={[
              { value: 'open', label: '开启' },
              { value: 'closed', label: '关闭' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label="开关原因"
          rules={[zodRule(STATUS_SCHEMA, 'reason', '请填写原因（2–200 字）')]}
        >
          <Input style={{ width: 220 }} />
        </Form.Item>
        <Button htmlType="submit" loading={status.busy}>
          提交
        </Button>
      </Form>
      {status.data !== undefined && <AnswerDescriptions title="场馆答复" answer={status.data} />}
      {status.extras}
    </Panel>
  );
}

/** 自营游戏: the house games (all under venue.games). */
export function GamesTab() {
  const list = useAdminQuery('houseVenueGameList', { body: {} });
  const games = gamesOf(list.data);
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
