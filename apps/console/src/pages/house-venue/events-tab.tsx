import { Button, Form, Input, Select, Space } from 'antd';
import { HoldEventRequest, HoldMarketRequest } from '@nebula/protocol/venue/operator';
import { Panel } from '../../components/panel';
import { useCan } from '../../components/use-admin-query';
import { zodRule } from '../../components/zod-rule';
import { EventListPanel } from './event-list-panel';
import { LiabilityPanel } from './liability-panel';
import { ResultForm } from './result-form';
import { useVenueWrite } from './venue-write';

const HELD_OPTIONS = [
  { value: true, label: '暂停' },
  { value: false, label: '恢复' },
];
const EVENT_RULE = zodRule(HoldEventRequest, 'eventId', '请输入赛事 ID（字母、数字、_ 或 -）');
const MARKET_RULE = zodRule(
  HoldMarketRequest,
  'marketKey',
  '盘口格式如 1042:ft:ah:-25 或 1042:ft:ah（某类全部盘口）',
);

/** 暂停/恢复赛事 and 暂停/恢复盘口: a held event or market takes no bets until released. */
function HoldPanel() {
  const holdEvent = useVenueWrite('houseVenueHoldEvent', '赛事状态已更新');
  const holdMarket = useVenueWrite('houseVenueHoldMarket', '盘口状态已更新');
  return (
    <Panel title="暂停/恢复">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Form<{ eventId: string; held: boolean }>
          name="hv-hold-event"
          layout="inline"
          initialValues={{ held: true }}
          onFinish={(v) => holdEvent.send({ eventId: v.eventId, held: v.held })}
        >
          <Form.Item name="eventId" label="赛事 ID" rules={[EVENT_RULE]}>
            <Input style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="held" label="赛事操作">
            <Select style={{ width: 100 }} options={HELD_OPTIONS} />
          </Form.Item>
          <Button htmlType="submit" loading={holdEvent.busy}>
            提交赛事
          </Button>
        </Form>
        {holdEvent.extras}
        <Form<{ eventId: string; marketKey: string; held: boolean }>
          name="hv-hold-market"
          layout="inline"
          initialValues={{ held: true }}
          onFinish={(v) =>
            holdMarket.send({ eventId: v.eventId, marketKey: v.marketKey, held: v.held })
          }
        >
          <Form.Item name="eventId" label="盘口所属赛事" rules={[EVENT_RULE]}>
            <Input style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="marketKey" label="盘口" rules={[MARKET_RULE]}>
            <Input style={{ width: 200 }} placeholder="1042:ft:ah:-25" />
          </Form.Item>
          <Form.Item name="held" label="盘口操作">
            <Select style={{ width: 100 }} options={HELD_OPTIONS} />
          </Form.Item>
          <Button htmlType="submit" loading={holdMarket.busy}>
            提交盘口
          </Button>
        </Form>
        {holdMarket.extras}
      </Space>
    </Panel>
  );
}

/** 赛事与盘口: holds, results and each event's liability (all under venue.results). */
export function EventsTab() {
  const canLiability = useCan('houseVenueLiability');
  const canList = useCan('houseVenueEventList');
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {/* Results first: the day's most frequent job (and the first 赛事 ID on the tab). */}
      <ResultForm />
      <HoldPanel />
      {canLiability && <LiabilityPanel />}
      {canList && <EventListPanel />}
    </Space>
  );
}
