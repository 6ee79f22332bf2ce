import { Alert, Button, Card, Form, Input, InputNumber, Space } from 'antd';
import { useEffect } from 'react';
import {
  AgentMoveRequest,
  CommissionRulesSetRequest,
  CommissionTier,
} from '@nebula/protocol/api/agent/agent.schemas';
import type { RequestOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { useActionFeedback } from '../components/action-feedback';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { zodRule } from '../components/zod-rule';

type RulesBody = RequestOf<'adminAgentRulesSet'>['body'];

/** The commission rules: tiers by active members and NGR, the fee rate, what counts as active. */
function RulesCard() {
  const rules = useAdminQuery('adminAgentRules', {});
  const save = useAdminMutation('adminAgentRulesSet');
  const canEdit = useCan('adminAgentRulesSet');
  const feedback = useActionFeedback();
  const [form] = Form.useForm<RulesBody>();
  useEffect(() => {
    if (rules.data) form.setFieldsValue(rules.data);
  }, [rules.data, form]);
  return (
    <Card title="佣金规则">
      {rules.error && <Alert type="error" title={errorText(rules.error)} />}
      <Form
        form={form}
        layout="vertical"
        disabled={!canEdit}
        onFinish={(body) =>
          save.mutate(
            { req: { body } },
            { onSuccess: () => feedback.done(), onError: feedback.failed },
          )
        }
      >
        <Form.List name="tiers">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} align="baseline">
                  <Form.Item
                    label={i === 0 ? '最少活跃人数' : undefined}
                    name={[f.name, 'minActive']}
                    rules={[zodRule(CommissionTier, 'minActive', '0 或正整数')]}
                  >
                    <InputNumber aria-label={`第 ${i + 1} 档最少活跃人数`} min={0} precision={0} />
                  </Form.Item>
                  <Form.Item
                    label={i === 0 ? '最低净输赢（元）' : undefined}
                    name={[f.name, 'minNgr']}
                    rules={[zodRule(CommissionTier, 'minNgr', '金额格式：两位小数')]}
                  >
                    <Input aria-label={`第 ${i + 1} 档最低净输赢`} />
                  </Form.Item>
                  <Form.Item
                    label={i === 0 ? '佣金比例（%）' : undefined}
                    name={[f.name, 'ratePercent']}
                    rules={[zodRule(CommissionTier, 'ratePercent', '0–100，至多两位小数')]}
                  >
                    <Input aria-label={`第 ${i + 1} 档佣金比例`} />
                  </Form.Item>
                  {fields.length > 1 && <Button onClick={() => remove(f.name)}>删除</Button>}
                </Space>
              ))}
              {fields.length < 10 && (
                <Form.Item>
                  <Button onClick={() => add({ minActive: 0, minNgr: '0.00', ratePercent: '0' })}>
                    添加档位
                  </Button>
                </Form.Item>
              )}
            </>
          )}
        </Form.List>
        <Space align="baseline" wrap>
          <Form.Item
            label="平台费率（%）"
            name="feeRatePercent"
            rules={[zodRule(CommissionRulesSetRequest, 'feeRatePercent', '0–100，至多两位小数')]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            label="活跃最低流水（元）"
            name="activeMinTurnover"
            rules={[zodRule(CommissionRulesSetRequest, 'activeMinTurnover', '金额格式：两位小数')]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            label="佣金流水倍数"
            name="turnoverMultiple"
            rules={[zodRule(CommissionRulesSetRequest, 'turnoverMultiple', '0–100 的整数')]}
          >
            <InputNumber min={0} max={100} precision={0} />
          </Form.Item>
        </Space>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存规则
          </Button>
        )}
      </Form>
    </Card>
  );
}

/** Moves a member (with their downline) under another agent. */
function MoveCard() {
  const move = useAdminMutation('adminAgentMove');
  const feedback = useActionFeedback();
  const [form] = Form.useForm<{ memberId: number; agentId: number }>();
  return (
    <Card title="调整上级">
      <Form
        form={form}
        layout="inline"
        onFinish={(v) =>
          move.mutate(
            { req: { params: { memberId: v.memberId }, body: { agentId: v.agentId } } },
            {
              onSuccess: (r) => {
                form.resetFields();
                feedback.done(`已调整，共移动 ${r.moved} 人`);
              },
              onError: feedback.failed,
            },
          )
        }
      >
        <Form.Item
          label="会员编号"
          name="memberId"
          rules={[{ required: true, message: '请填写会员编号' }]}
        >
          <InputNumber min={1} precision={0} />
        </Form.Item>
        <Form.Item
          label="新上级（代理会员编号）"
          name="agentId"
          rules={[zodRule(AgentMoveRequest, 'agentId', '请填写代理的会员编号')]}
        >
          <InputNumber min={1} precision={0} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={move.isPending}>
          调整
        </Button>
      </Form>
    </Card>
  );
}

/** Rules and the downline move, each shown when the operator may call it. */
export function AgentRulesPanel() {
  const canMove = useCan('adminAgentMove');
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <RulesCard />
      {canMove && <MoveCard />}
    </Space>
  );
}
