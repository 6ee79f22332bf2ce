import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import {
  ResettleBetRequest,
  VoidBetRequest,
  VoidMarketRequest,
} from '@nebula/protocol/venue/operator';
import { legResults } from '@nebula/protocol/venue/markets';
import type { RequestOf } from '../../api/admin-routes';
import { Panel } from '../../components/panel';
import { useCan } from '../../components/use-admin-query';
import { zodRule } from '../../components/zod-rule';
import { BetListPanel } from './bet-list-panel';
import { AnswerDescriptions, STATUS_LABELS } from './venue-labels';
import { useVenueWrite } from './venue-write';

type ResettleBody = RequestOf<'houseVenueResettleBet'>['body'];
const BET_RULE = zodRule(VoidBetRequest, 'betId', '请输入注单号（字母、数字、_ 或 -）');
const REASON_RULE = zodRule(VoidBetRequest, 'reason', '请填写原因（2–200 字）');
const LEG_OPTIONS = legResults.map((r) => ({ value: r, label: STATUS_LABELS[r] ?? r }));

/** 作废注单: the stake goes back to the player; four eyes may file it for approval (9602). */
function VoidBetPanel() {
  const voidBet = useVenueWrite('houseVenueVoidBet', '注单已作废');
  return (
    <Panel title="作废注单">
      <Form<{ betId: string; reason: string }>
        name="hv-void-bet"
        layout="inline"
        onFinish={(v) => voidBet.send({ betId: v.betId, reason: v.reason })}
      >
        <Form.Item name="betId" label="注单号" rules={[BET_RULE]}>
          <Input style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="reason" label="作废原因" rules={[REASON_RULE]}>
          <Input style={{ width: 240 }} />
        </Form.Item>
        <Button danger htmlType="submit" loading={voidBet.busy}>
          作废注单
        </Button>
      </Form>
      {voidBet.data !== undefined && <AnswerDescriptions title="场馆答复" answer={voidBet.data} />}
      {voidBet.extras}
    </Panel>
  );
}

/** 重新结算注单: each leg's corrected result, and the bet settles again from them. */
function ResettlePanel() {
  const resettle = useVenueWrite('houseVenueResettleBet', '注单已重新结算');
  return (
    <Panel title="重新结算注单">
      <Form<ResettleBody>
        name="hv-resettle"
        layout="vertical"
        style={{ maxWidth: 520 }}
        initialValues={{ legs: [{ leg: 1, result: 'won' }] }}
        onFinish={(v) => resettle.send({ betId: v.betId, legs: v.legs, reason: v.reason })}
      >
        <Form.Item name="betId" label="重结注单号" rules={[BET_RULE]}>
          <Input />
        </Form.Item>
        <Form.List name="legs">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} align="baseline">
                  <Form.Item name={[f.name, 'leg']} label={`第 ${i + 1} 项：串关序号`}>
                    <InputNumber min={1} max={10} precision={0} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'result']} label={`第 ${i + 1} 项：结果`}>
                    <Select style={{ width: 100 }} options={LEG_OPTIONS} />
                  </Form.Item>
                  {fields.length > 1 && <Button onClick={() => remove(f.name)}>删除</Button>}
                </Space>
              ))}
              {fields.length < 10 && (
                <Button onClick={() => add({ leg: fields.length + 1, result: 'won' })}>
                  添加一项
                </Button>
              )}
            </>
          )}
        </Form.List>
        <Form.Item
          name="reason"
          label="重结原因"
          rules={[zodRule(ResettleBetRequest, 'reason', '请填写原因（2–200 字）')]}
          style={{ marginTop: 16 }}
        >
          <Input />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={resettle.busy}>
          重新结算
        </Button>
      </Form>
      {resettle.data !== undefined && (
        <AnswerDescriptions title="场馆答复" answer={resettle.data} />
      )}
      {resettle.extras}
    </Panel>
  );
}

/** 作废盘口: every bet on the market is voided; always waits for a second operator. */
function VoidMarketPanel() {
  const voidMarket = useVenueWrite('houseVenueVoidMarket', '盘口已作废');
  return (
    <Panel title="作废盘口">
      <Form<{ eventId: string; marketKey: string; reason: string }>
        name="hv-void-market"
        layout="inline"
        onFinish={(v) =>
          voidMarket.send({ eventId: v.eventId, marketKey: v.marketKey, reason: v.reason })
        }
      >
        <Form.Item
          name="eventId"
          label="作废赛事 ID"
          rules={[zodRule(VoidMarketRequest, 'eventId', '请输入赛事 ID（字母、数字、_ 或 -）')]}
        >
          <Input style={{ width: 150 }} />
        </Form.Item>
        <Form.Item
          name="marketKey"
          label="作废盘口"
          rules={[zodRule(VoidMarketRequest, 'marketKey', '盘口格式如 1042:ft:ah:-25')]}
        >
          <Input style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label="盘口作废原因"
          rules={[zodRule(VoidMarketRequest, 'reason', '请填写原因（2–200 字）')]}
        >
          <Input style={{ width: 220 }} />
        </Form.Item>
        <Button danger htmlType="submit" loading={voidMarket.busy}>
          作废盘口
        </Button>
      </Form>
      {voidMarket.data !== undefined && (
        <AnswerDescriptions title="场馆答复" answer={voidMarket.data} />
      )}
      {voidMarket.extras}
    </Panel>
  );
}

/** 注单处理: the bets list, then voids and resettles, each with its reason in the venue's audit. */
export function BetsTab() {
  const canList = useCan('houseVenueBetList');
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {canList && <BetListPanel />}
      <VoidBetPanel />
      <ResettlePanel />
      <VoidMarketPanel />
    </Space>
  );
}
