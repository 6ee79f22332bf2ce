import { Button, Form, Input, Table } from 'antd';
import { EventRequest } from '@nebula/protocol/venue/operator';
import type { ResponseOf } from '../../api/admin-routes';
import { Panel } from '../../components/panel';
import { zodRule } from '../../components/zod-rule';
import { useVenueWrite } from './venue-write';

type Selection = ResponseOf<'houseVenueLiability'>['selections'][number];

/** 赛事风险敞口: what the book pays per selection if it wins, and the event's worst case. */
export function LiabilityPanel() {
  const liability = useVenueWrite('houseVenueLiability', null);
  const data = liability.data;
  return (
    <Panel title="赛事风险敞口">
      <Form
        name="hv-liability"
        layout="inline"
        onFinish={(v: { eventId: string }) => liability.send({ eventId: v.eventId })}
      >
        <Form.Item
          name="eventId"
          label="赛事 ID"
          rules={[zodRule(EventRequest, 'eventId', '请输入赛事 ID（字母、数字、_ 或 -）')]}
        >
          <Input style={{ width: 160 }} />
        </Form.Item>
        <Button htmlType="submit" loading={liability.busy}>
          查询敞口
        </Button>
      </Form>
      {data && (
        <Table<Selection>
          style={{ marginTop: 16 }}
          size="small"
          rowKey="selectionId"
          pagination={false}
          dataSource={data.selections}
          columns={[
            { title: '选项', dataIndex: 'selectionId' },
            { title: '场馆代码', dataIndex: 'venueCode' },
            { title: '敞口（元）', dataIndex: 'amount' },
          ]}
          footer={() => `赛事 ${data.eventId} 合计敞口：${data.total} 元`}
        />
      )}
      {liability.extras}
    </Panel>
  );
}
