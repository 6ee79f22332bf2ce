import { formatTime } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { DayFilters, SelectFilter, statusOptions, TextFilter } from './list-filters';
import { fieldText } from './venue-labels';
import { VenueList } from './venue-list';

const ROUND_STATUSES = ['open', 'sealed', 'drawn', 'settled', 'voided'] as const;

/**
 * 期号列表: every game's rounds, newest first, by game, status, number and day, each with its
 * chain position and the real-money bets it took (stakes, payouts, the house's gross).
 */
export function RoundListPanel({ games }: { games: { gameCode: string; name: string }[] }) {
  return (
    <Panel title="期号列表">
      <VenueList
        route="houseVenueRoundList"
        name="hv-round-list"
        fileName="house-venue-rounds.csv"
        rowKey={(r) => `${r.gameCode}:${r.roundNo}`}
        fields={
          <>
            <SelectFilter
              name="gameCode"
              label="按游戏"
              options={games.map((g) => ({ value: g.gameCode, label: g.name }))}
            />
            <SelectFilter name="status" label="期号状态" options={statusOptions(ROUND_STATUSES)} />
            <TextFilter name="roundNo" label="按期号" />
            <DayFilters what="开盘" />
          </>
        }
        columns={[
          { title: '游戏', dataIndex: 'gameCode' },
          { title: '期号', dataIndex: 'roundNo' },
          { title: '状态', dataIndex: 'status', render: (s: string) => fieldText('status', s) },
          { title: '开盘时间', dataIndex: 'opensAt', render: (t: number) => formatTime(t) },
          { title: '开奖时间', dataIndex: 'drawAt', render: (t: number) => formatTime(t) },
          {
            title: '种子链',
            key: 'chain',
            render: (_: unknown, r) => `${r.chainId} #${r.chainIndex}`,
          },
          {
            title: '作废原因',
            dataIndex: 'voidCause',
            render: (s: string | null) => (s ? fieldText('status', s) : ''),
          },
          { title: '注单', dataIndex: 'bets' },
          { title: '投注（元）', dataIndex: 'stakes' },
          { title: '派彩（元）', dataIndex: 'payouts' },
          { title: '毛利（元）', dataIndex: 'ggr' },
        ]}
      />
    </Panel>
  );
}
