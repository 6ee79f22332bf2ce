import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Radio,
  Space,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { PointsAdjustRequest, PointsRateSetRequest } from '@nebula/protocol/api/mall/mall.schemas';
import type { RequestOf, ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { newIdempotencyKey } from '../api/client';
import { useActionFeedback } from '../components/action-feedback';
import { ExportButton } from '../components/export-button';
import { useStepUpRetry } from '../components/step-up-retry';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { zodRule } from '../components/zod-rule';

type Rate = ResponseOf<'adminPointsRates'>['list'][number];
type RateBody = RequestOf<'adminPointsRateSet'>['body'];
type AdjustValues = RequestOf<'adminPointsAdjust'>['body'] & { memberId: number };

/** Points earned per ¥1 of valid turnover, per game family. */
function RatesCard() {
  const rates = useAdminQuery('adminPointsRates', {});
  const save = useAdminMutation('adminPointsRateSet');
  const canEdit = useCan('adminPointsRateSet');
  const feedback = useActionFeedback();
  const [form] = Form.useForm<RateBody>();
  return (
    <Card
      title="积分比例"
      extra={
        <ExportButton
          route="adminExportPointsRates"
          req={{ query: {} }}
          fileName="points-rates.csv"
        />
      }
    >
      {rates.error && <Alert type="error" title={errorText(rates.error)} />}
      {rates.data && (
        <Typography.Paragraph type="secondary">
          积分有效期：{rates.data.expireDays} 天
        </Typography.Paragraph>
      )}
      <Table<Rate>
        rowKey="family"
        size="small"
        loading={rates.isLoading}
        dataSource={rates.data?.list}
        pagination={false}
        columns={[
          { title: '游戏类型', dataIndex: 'name' },
          { title: '每 1 元有效流水得积分', dataIndex: 'pointsPerYuan' },
          {
            title: '操作',
            render: (_, r) =>
              canEdit && (
                <Button
                  size="small"
                  onClick={() =>
                    form.setFieldsValue({
                      family: r.family as RateBody['family'],
                      pointsPerYuan: r.pointsPerYuan,
                    })
                  }
                >
                  修改
                </Button>
              ),
          },
        ]}
      />
      {canEdit && (
        <Form
          form={form}
          layout="inline"
          style={{ marginTop: 16 }}
          onFinish={(body) =>
            save.mutate(
              { req: { body } },
              { onSuccess: () => feedback.done(), onError: feedback.failed },
            )
          }
        >
          <Form.Item
            label="游戏类型"
            name="family"
            rules={[zodRule(PointsRateSetRequest, 'family', '请选择游戏类型')]}
          >
            <Radio.Group
              options={(rates.data?.list ?? []).map((r) => ({ value: r.family, label: r.name }))}
            />
          </Form.Item>
          <Form.Item
            label="积分/元"
            name="pointsPerYuan"
            rules={[zodRule(PointsRateSetRequest, 'pointsPerYuan', '如 1 或 0.5（至多三位小数）')]}
          >
            <Input style={{ width: 100 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </Form>
      )}
    </Card>
  );
}

/**
 * Credits or debits a member's points (a ledger entry with its own reference). It needs a fresh
 * money step-up (9600: the dialog, then the same request with the same key), and above the
 * points threshold it is filed for a second operator (9602, shown as 待复核).
 */
function AdjustCard() {
  const adjust = useAdminMutation('adminPointsAdjust');
  const feedback = useActionFeedback();
  const stepUp = useStepUpRetry('adminPointsAdjust');
  const [form] = Form.useForm<AdjustValues>();
  // One key per filled-in adjustment: a retry of the same one returns the first result.
  const [key, setKey] = useState(newIdempotencyKey);
  const send = ({ memberId, ...body }: AdjustValues): void =>
    adjust.mutate(
      { req: { params: { memberId }, body }, opts: { idempotencyKey: key } },
      {
        onSuccess: (r) => {
          form.resetFields();
          feedback.done(`已调整，参考号 ${r.reference}，现积分 ${r.points}`);
        },
        onError: (err) => {
          if (!stepUp.asked(err, () => send({ memberId, ...body }))) feedback.failed(err);
        },
      },
    );
  return (
    <Card title="积分调整">
      {stepUp.dialog}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ direction: 'credit' }}
        onValuesChange={() => setKey(newIdempotencyKey())}
        onFinish={send}
      >
        <Space align="baseline" wrap>
          <Form.Item
            label="会员编号"
            name="memberId"
            rules={[{ required: true, message: '请填写会员编号' }]}
          >
            <InputNumber min={1} precision={0} />
          </Form.Item>
          <Form.Item label="方向" name="direction">
            <Radio.Group
              options={[
                { value: 'credit', label: '增加' },
                { value: 'debit', label: '扣减' },
              ]}
            />
          </Form.Item>
          <Form.Item
            label="积分数量"
            name="points"
            rules={[zodRule(PointsAdjustRequest, 'points', '积分为正整数')]}
          >
            <Input style={{ width: 120 }} />
          </Form.Item>
          <Form.Item
            label="原因"
            name="reason"
            rules={[zodRule(PointsAdjustRequest, 'reason', '请填写原因（200 字以内）')]}
          >
            <Input style={{ width: 240 }} maxLength={200} />
          </Form.Item>
        </Space>
        <Button type="primary" htmlType="submit" loading={adjust.isPending}>
          调整积分
        </Button>
      </Form>
    </Card>
  );
}

export function PointsRatesPanel() {
  const canAdjust = useCan('adminPointsAdjust');
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <RatesCard />
      {canAdjust && <AdjustCard />}
    </Space>
  );
}
