import { Descriptions, Input, Table } from 'antd';
import { useState } from 'react';
import type { ResponseOf } from '../../api/admin-routes';
import { errorText } from '../../api/api-error';
import { Panel } from '../../components/panel';
import { shanghaiDay } from '../../components/shanghai-time';
import { useAdminQuery } from '../../components/use-admin-query';
import { STATUS_LABELS } from './venue-labels';

type Report = ResponseOf<'houseVenueGameDailyReport'>;
type Row = Report['rows'][number];

/** A return in basis points as a percentage (null: nothing staked). */
const rtp = (bp: number | null) => (bp === null ? '—' : `${(bp / 100).toFixed(2)}%`);

/** 游戏日报: one game's Shanghai day per bet type and in total, and the rounds voided. */
export function GameReportPanel({ gameCode }: { gameCode: string }) {
  const [date, setDate] = useState(shanghaiDay(-1));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const report = useAdminQuery(
    'houseVenueGameDailyReport',
    { body: { gameCode, date } },
    { enabled: valid },
  );
  const data = report.data;
  return (
    <Panel title={`游戏日报（${gameCode}）`}>
      <Input
        type="date"
        aria-label="游戏日报日期"
        value={date}
        onChange={(e) => setDate(e.target.value)}
        style={{ width: 180, marginBottom: 16 }}
      />
      {report.error && <p>{errorText(report.error)}</p>}
      <Table<Row>
        size="small"
        rowKey="betType"
        pagination={false}
        loading={report.isFetching}
        dataSource={data?.rows ?? []}
        columns={[
          { title: '玩法', dataIndex: 'name' },
          { title: '注单数', dataIndex: 'bets' },
          { title: '投注额（元）', dataIndex: 'stakes' },
          { title: '派彩（元）', dataIndex: 'payouts' },
          { title: '毛利（元）', dataIndex: 'ggr' },
          { title: '实际返奖率', dataIndex: 'rtpBp', render: rtp },
          { title: '理论返奖率', dataIndex: 'statedRtpBp', render: rtp },
        ]}
      />
      {data && (
        <Descriptions
          bordered
          size="small"
          title="合计"
          style={{ marginTop: 16 }}
          items={[
            { key: 'bets', label: '注单数', children: data.total.bets },
            { key: 'stakes', label: '投注额（元）', children: data.total.stakes },
            { key: 'valid', label: '有效投注（元）', children: data.total.validStakes },
            { key: 'payouts', label: '派彩（元）', children: data.total.payouts },
            { key: 'ggr', label: '毛利（元）', children: data.total.ggr },
            { key: 'rtp', label: '实际返奖率', children: rtp(data.total.rtpBp) },
            { key: 'voidedBets', label: '作废退款注单', children: data.voidedBets },
            {
              key: 'voids',
              label: '作废期数',
              children:
                data.voids
                  .map((v) => `${STATUS_LABELS[v.cause] ?? v.cause} ${v.rounds} 期`)
                  .join('；') || '无',
            },
          ]}
        />
      )}
    </Panel>
  );
}
