import { betViewStatuses } from '@nebula/protocol/venue/bets';
import { formatTime } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { DayFilters, SelectFilter, statusOptions, TextFilter } from './list-filters';
import { fieldText } from './venue-labels';
import { VenueList } from './venue-list';

/**
 * 注单列表: the venue's bets, newest first, by event, market, player, status and day — where
 * an operator finds the bet a void or resettle is about.
 */
export function BetListPanel() {
  return (
    <Panel title="注单列表">
      <VenueList
        route="houseVenueBetList"
        name="hv-bet-list"
        fileName="house-venue-bets.csv"
        rowKey={(b) => b.betId}
        fields={
          <>
            <TextFilter name="eventId" label="按赛事 ID" />
            <TextFilter name="marketId" label="按盘口" width={160} />
            <TextFilter name="merchant" label="按商户" width={100} />
            <TextFilter name="playerId" label="按玩家 ID" />
            <SelectFilter name="status" label="注单状态" options={statusOptions(betViewStatuses)} />
            <DayFilters what="下注" />
          </>
        }
        columns={[
          { title: '注单号', dataIndex: 'betId' },
          { title: '商户', dataIndex: 'merchant' },
          { title: '玩家', dataIndex: 'playerId' },
          { title: '状态', dataIndex: 'status', render: (s: string) => fieldText('status', s) },
          { title: '结果', dataIndex: 'result', render: (s: unknown) => fieldText('result', s) },
          { title: '投注（元）', dataIndex: 'stake' },
          {
            title: '派彩（元）',
            dataIndex: 'payout',
            render: (s: unknown) => fieldText('payout', s),
          },
          { title: '项数', dataIndex: 'legs' },
          {
            title: '赛事 / 游戏',
            key: 'what',
            render: (_: unknown, b) =>
              b.gameCode ? `${b.gameCode} 第 ${b.roundNo ?? ''} 期` : (b.eventName ?? ''),
          },
          { title: '盘口', dataIndex: 'marketLabel', render: (s: string | null) => s ?? '' },
          { title: '下注时间', dataIndex: 'placedAt', render: (t: number) => formatTime(t) },
        ]}
      />
    </Panel>
  );
}
