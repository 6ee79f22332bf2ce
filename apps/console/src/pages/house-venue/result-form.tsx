import { Alert, Button, Form, Input, InputNumber, Select } from 'antd';
import { ResultRequest } from '@nebula/protocol/venue/operator';
import { Panel } from '../../components/panel';
import { zodRule } from '../../components/zod-rule';
import { answerSummary } from './venue-labels';
import { useVenueWrite } from './venue-write';

interface ResultValues {
  eventId: string;
  status: 'finished' | 'cancelled';
  home?: number;
  away?: number;
  halfHome?: number;
  halfAway?: number;
  reason: string;
}

/** 录入或更正赛果: once entered, the feed no longer writes this event's result. */
export function ResultForm() {
  const result = useVenueWrite('houseVenueResult', '赛果已录入');
  const submit = (v: ResultValues) => {
    const finished = v.status === 'finished';
    result.send({
      eventId: v.eventId,
      status: v.status,
      reason: v.reason,
      ...(finished ? { score: { home: v.home ?? 0, away: v.away ?? 0 } } : {}),
      // A finished football match needs its half-time score: without one entered the venue
      // keeps its feed's, and refuses a match whose half-time it never recorded.
      ...(finished && v.halfHome !== undefined && v.halfAway !== undefined
        ? { halfTime: { home: v.halfHome, away: v.halfAway } }
        : {}),
    });
  };
  return (
    <Panel title="录入或更正赛果">
      <Form<ResultValues>
        name="hv-result"
        layout="inline"
        initialValues={{ status: 'finished' }}
        onFinish={submit}
      >
        <Form.Item
          name="eventId"
          label="赛事 ID"
          rules={[zodRule(ResultRequest, 'eventId', '请输入赛事 ID（字母、数字、_ 或 -）')]}
        >
          <Input style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            style={{ width: 110 }}
            options={[
              { value: 'finished', label: '已完场' },
              { value: 'cancelled', label: '已取消' },
            ]}
          />
        </Form.Item>
        <Form.Item name="home" label="主队">
          <InputNumber min={0} max={999} precision={0} />
        </Form.Item>
        <Form.Item name="away" label="客队">
          <InputNumber min={0} max={999} precision={0} />
        </Form.Item>
        <Form.Item name="halfHome" label="半场主队">
          <InputNumber min={0} max={999} precision={0} />
        </Form.Item>
        <Form.Item name="halfAway" label="半场客队">
          <InputNumber min={0} max={999} precision={0} />
        </Form.Item>
        <Form.Item
          name="reason"
          label="原因"
          rules={[zodRule(ResultRequest, 'reason', '请填写原因（2–200 字）')]}
        >
          <Input style={{ width: 220 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={result.busy}>
          提交赛果
        </Button>
      </Form>
      {result.data !== undefined && (
        <Alert
          type="success"
          title={`场馆答复：${answerSummary(result.data)}`}
          style={{ marginTop: 16 }}
        />
      )}
      {result.extras}
    </Panel>
  );
}
