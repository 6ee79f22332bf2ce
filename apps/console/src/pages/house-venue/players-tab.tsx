import { Button, Descriptions, Form, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { PlayerRequest, WriteOffDebtRequest } from '@nebula/protocol/venue/operator';
import type { RequestOf, ResponseOf } from '../../api/admin-routes';
import { formatTime } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { useCan } from '../../components/use-admin-query';
import { zodRule } from '../../components/zod-rule';
import { PlayerListPanel } from './player-list-panel';
import { AnswerDescriptions, fieldText } from './venue-labels';
import { useVenueWrite } from './venue-write';

type PlayerBody = RequestOf<'houseVenuePlayer'>['body'];
type Bet = ResponseOf<'houseVenuePlayer'>['bets'][number];

/** A debt shows as owed only when above zero (`0.00` is no debt). */
const owes = (debt: string | undefined) => debt !== undefined && /[1-9]/.test(debt);

/**
 * 玩家: one merchant's player at the venue (balance, debt, recent bets), and the write-off
 * that forgives the debt: the book pays it in one entry and the merchant learns it later.
 */
export function PlayersTab() {
  const player = useVenueWrite('houseVenuePlayer', null);
  const writeOff = useVenueWrite('houseVenueWriteOffDebt', '欠款已核销');
  const canWriteOff = useCan('houseVenueWriteOffDebt');
  const [who, setWho] = useState<PlayerBody | null>(null);
  const lookUp = (v: PlayerBody) => {
    setWho(v);
    player.send(v);
  };
  const canList = useCan('houseVenuePlayerList');
  const view = player.data;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {canList && <PlayerListPanel />}
      <Panel title="玩家查询">
        <Form<PlayerBody> layout="inline" onFinish={lookUp}>
          name="hv-player"
          <Form.Item
            name="merchant"
            label="商户"
            rules={[zodRule(PlayerRequest, 'merchant', '商户代码为大写字母开头的 2–32 位')]}
          >
            <Input style={{ width: 120 }} />
          </Form.Item>
          <Form.Item
            name="venueCode"
            label="场馆代码"
            rules={[zodRule(PlayerRequest, 'venueCode', '场馆代码为大写字母开头的 2–16 位')]}
          >
            <Input style={{ width: 120 }} />
          </Form.Item>
          <Form.Item
            name="playerId"
            label="玩家 ID"
            rules={[zodRule(PlayerRequest, 'playerId', '请输入玩家 ID（字母、数字、_ 或 -）')]}
          >
            <Input style={{ width: 160 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={player.busy}>
            查询玩家
          </Button>
        </Form>
        {player.extras}
        {view && (
          <>
            <Descriptions
              bordered
              size="small"
              style={{ marginTop: 16 }}
              items={[
                { key: 'balance', label: '余额（元）', children: view.balance },
                { key: 'debt', label: '欠款（元）', children: view.debt },
              ]}
            />
            {canWriteOff && owes(view.debt) && who && (
              <Form<{ reason: string }>
                name="hv-write-off"
                layout="inline"
                style={{ marginTop: 12 }}
                onFinish={(v) =>
                  // The debt changed: the player is read again to show what is left.
                  writeOff.send({ ...who, reason: v.reason }, () => player.send(who))
                }
              >
                <Form.Item
                  name="reason"
                  label="核销原因"
                  rules={[zodRule(WriteOffDebtRequest, 'reason', '请填写原因（2–200 字）')]}
                >
                  <Input style={{ width: 240 }} />
                </Form.Item>
                <Button danger htmlType="submit" loading={writeOff.busy}>
                  核销欠款
                </Button>
              </Form>
            )}
            <Table<Bet>
              style={{ marginTop: 16 }}
              size="small"
              rowKey="betId"
              pagination={{ pageSize: 10 }}
              dataSource={view.bets}
              columns={[
                { title: '注单号', dataIndex: 'betId' },
                {
                  title: '状态',
                  dataIndex: 'status',
                  render: (s: string) => fieldText('status', s),
                },
                {
                  title: '结果',
                  dataIndex: 'result',
                  render: (s: unknown) => fieldText('result', s),
                },
                { title: '投注（元）', dataIndex: 'stake' },
                { title: '可赢（元）', dataIndex: 'potentialReturn' },
                {
                  title: '派彩（元）',
                  dataIndex: 'payout',
                  render: (s: unknown) => fieldText('payout', s),
                },
                { title: '项数', dataIndex: 'legs', render: (l: readonly unknown[]) => l.length },
                { title: '下注时间', dataIndex: 'placedAt', render: (t: number) => formatTime(t) },
              ]}
            />
          </>
        )}
        {writeOff.data && <AnswerDescriptions title="核销结果" answer={writeOff.data} />}
        {writeOff.extras}
      </Panel>
    </Space>
  );
}
