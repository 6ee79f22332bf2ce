import { formatTime } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { SelectFilter, TextFilter } from './list-filters';
import { VenueList } from './venue-list';

/**
 * 玩家列表: every wallet at the venue by merchant, venue and id, or only those who owe the
 * venue (a resettle took back more than they held) — the players a write-off is about.
 */
export function PlayerListPanel() {
  return (
    <Panel title="玩家列表">
      <VenueList
        route="houseVenuePlayerList"
        name="hv-player-list"
        fileName="house-venue-players.csv"
        rowKey={(p) => `${p.merchant}:${p.venueCode}:${p.playerId}`}
        fields={
          <>
            <TextFilter name="merchant" label="按商户代码" width={110} />
            <TextFilter name="venueCode" label="按场馆代码" width={110} />
            <TextFilter name="playerId" label="玩家 ID 开头" />
            <SelectFilter
              name="owes"
              label="欠款情况"
              options={[
                { value: 'yes', label: '有欠款' },
                { value: 'no', label: '无欠款' },
              ]}
            />
          </>
        }
        columns={[
          { title: '商户', dataIndex: 'merchant' },
          { title: '场馆', dataIndex: 'venueCode' },
          { title: '玩家', dataIndex: 'playerId' },
          { title: '余额（元）', dataIndex: 'balance' },
          { title: '欠款（元）', dataIndex: 'debt' },
          { title: '注单数', dataIndex: 'bets' },
          {
            title: '最近下注',
            dataIndex: 'lastBetAt',
            render: (t: number | null) => (t === null ? '' : formatTime(t)),
          },
        ]}
      />
    </Panel>
  );
}
