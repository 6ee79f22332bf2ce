import { ResultRequest } from '@nebula/protocol/venue/operator';
import { Alert, App, Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { errorText } from '../api/api-error';
import { PageHeader } from '../components/page-header';
import { Panel } from '../components/panel';
import { useAdminMutation, useCan } from '../components/use-admin-query';
import { zodRule } from '../components/zod-rule';
import { valueText } from '../components/value-cell';

interface ResultForm {
  eventId: string;
  status: 'finished' | 'cancelled';
  home?: number;
  away?: number;
  halfHome?: number;
  halfAway?: number;
  reason: string;
}

/**
 * The house venue's back office through the platform's proxy: enter or correct an event's
 * result, and look up an event's liability. The operator never holds the venue's token.
 */
export function Page() {
  const result = useAdminMutation('houseVenueResult');
  const liability = useAdminMutation('houseVenueLiability');
  const canLiability = useCan('houseVenueLiability');
  const { message } = App.useApp();
  const [answer, setAnswer] = useState<string | null>(null);
  const submit = (v: ResultForm) => {
    const body = {
      eventId: v.eventId,
      status: v.status,
      reason: v.reason,
      ...(v.status === 'finished' ? { score: { home: v.home ?? 0, away: v.away ?? 0 } } : {}),
      // A finished football match needs its half-time score: without one entered the venue
      // keeps its feed's, and refuses a match whose half-time it never recorded.
      ...(v.status === 'finished' && v.halfHome !== undefined && v.halfAway !== undefined
        ? { halfTime: { home: v.halfHome, away: v.halfAway } }
        : {}),
    };
    result.mutate(
      { req: { body } },
      {
        onSuccess: (r) => {
          setAnswer(valueText(r));
          void message.success('赛果已录入');
        },
        onError: (err) => void message.error(errorText(err)),
      },
    );
  };
  return (
    <>
      <PageHeader title="自营场馆" />
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Panel title="录入或更正赛果">
          <Form<ResultForm>
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
            <Button type="primary" htmlType="submit" loading={result.isPending}>
              提交赛果
            </Button>
          </Form>
          {answer && (
            <Alert type="success" title={`场馆答复：${answer}`} style={{ marginTop: 16 }} />
          )}
        </Panel>
        {canLiability && (
          <Panel title="赛事风险敞口">
            <Form
              layout="inline"
              onFinish={(v: { eventId: string }) =>
                liability.mutate(
                  { req: { body: { eventId: v.eventId } } },
                  { onError: (err) => void message.error(errorText(err)) },
                )
              }
            >
              <Form.Item
                name="eventId"
                label="赛事 ID"
                rules={[{ required: true, message: '请输入赛事 ID' }]}
              >
                <Input style={{ width: 160 }} />
              </Form.Item>
              <Button htmlType="submit" loading={liability.isPending}>
                查询
              </Button>
            </Form>
            {liability.data && (
              <pre style={{ marginTop: 16, whiteSpace: 'pre-wrap' }}>
                {JSON.stringify(liability.data, null, 2)}
              </pre>
            )}
          </Panel>
        )}
      </Space>
    </>
  );
}
