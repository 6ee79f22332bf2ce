import { Tag } from 'antd';
import { sports } from '@nebula/protocol/venue/markets';
import { formatTime } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { DayFilters, SelectFilter, statusOptions, TextFilter } from './list-filters';
import { VenueList } from './venue-list';

const SPORTS: Record<string, string> = { football: '足球', basketball: '篮球', esports: '电竞' };
const EVENT_STATUS: Record<string, string> = {
  scheduled: '未开赛',
  live: '进行中',
  finished: '已完场',
  cancelled: '已取消',
};

/**
 * 赛事列表: the venue's events, newest kick-off first, by sport, status, hold, text and day;
 * each row shows its held markets and how many bets it carries (still open ones apart).
 */
export function EventListPanel() {
  return (
    <Panel title="赛事列表">
      <VenueList
        route="houseVenueEventList"
        name="hv-event-list"
        fileName="house-venue-events.csv"
        rowKey={(e) => e.eventId}
        fields={
          <>
            <TextFilter name="q" label="赛事 ID 或球队" />
            <SelectFilter name="sport" label="项目" options={statusOptions(sports, SPORTS)} />
            <SelectFilter
              name="status"
              label="赛事状态"
              options={statusOptions(Object.keys(EVENT_STATUS), EVENT_STATUS)}
            />
            <SelectFilter
              name="hold"
              label="暂停情况"
              options={[
                { value: 'held', label: '有暂停' },
                { value: 'open', label: '无暂停' },
              ]}
            />
            <DayFilters what="开赛" />
          </>
        }
        columns={[
          { title: '赛事 ID', dataIndex: 'eventId' },
          { title: '项目', dataIndex: 'sport', render: (s: string) => SPORTS[s] ?? s },
          { title: '对阵', key: 'teams', render: (_: unknown, e) => `${e.home} vs ${e.away}` },
          { title: '开赛时间', dataIndex: 'startsAt', render: (t: number) => formatTime(t) },
          { title: '状态', dataIndex: 'status', render: (s: string) => EVENT_STATUS[s] ?? s },
          {
            title: '比分',
            key: 'score',
            render: (_: unknown, e) => `${e.score.home}:${e.score.away}`,
          },
          {
            title: '暂停',
            key: 'held',
            render: (_: unknown, e) => (
              <>
                {e.held && <Tag color="red">整场暂停</Tag>}
                {e.heldMarkets.map((m) => (
                  <Tag key={m}>{m}</Tag>
                ))}
              </>
            ),
          },
          {
            title: '赛果来源',
            dataIndex: 'resultSource',
            render: (s: string) => (s === 'operator' ? '人工' : '数据源'),
          },
          { title: '注单', dataIndex: 'bets' },
          { title: '未结注单', dataIndex: 'openBets' },
        ]}
      />
    </Panel>
  );
}
