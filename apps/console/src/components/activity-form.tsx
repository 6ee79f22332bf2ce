import { Form, Input, InputNumber, Select, Switch } from 'antd';
import {
  ActivityCreateRequest,
  activityRuleSchemas,
  type ActivityKind,
  type AdminActivity,
} from '@nebula/protocol/api/activity/activity.schemas';
import type { RequestOf } from '../api/admin-routes';
import { FormModal } from './form-modal';
import { ACTIVITY_KIND_LABELS, optionsOf } from './reward-labels';
import { fromShanghaiInput, toShanghaiInput } from './shanghai-time';
import { zodRule } from './zod-rule';

/** A starting rule per kind, so a new activity begins from a shape its schema accepts. */
const RULE_TEMPLATES: Partial<Record<ActivityKind, object>> = {
  firstDeposit: {
    percentBp: 1000,
    minDeposit: '100.00',
    cap: '888.00',
    turnoverMultiple: 5,
    claimWindowHours: 72,
  },
  redeposit: {
    percentBp: 500,
    minDeposit: '100.00',
    cap: '288.00',
    turnoverMultiple: 5,
    claimWindowHours: 72,
  },
  checkin: { minDaily: '100.00', rewards: [{ days: 1, amount: '1.00' }], turnoverMultiple: 1 },
  friendInvite: {
    minFirstDeposit: '100.00',
    minTurnover: '500.00',
    turnoverDays: 7,
    reward: '20.00',
    turnoverMultiple: 1,
  },
};

export interface ActivityFormValues {
  kind: ActivityKind;
  title: string;
  pictureUrl: string;
  rulesText: string;
  startsAt: string;
  endsAt: string;
  ruleJson: string;
  requireRealName: boolean;
  minVipLevel: number;
  status: 'draft' | 'active';
}

export type ActivityBody = RequestOf<'adminActivityCreate'>['body'];

/** The form's values as the request body (dates read as Shanghai time, the rule parsed). */
export function activityBody(v: ActivityFormValues): ActivityBody {
  return {
    kind: v.kind,
    title: v.title,
    pictureUrl: v.pictureUrl,
    rulesText: v.rulesText,
    startsAt: fromShanghaiInput(v.startsAt),
    endsAt: fromShanghaiInput(v.endsAt),
    rule: JSON.parse(v.ruleJson) as Record<string, unknown>,
    eligibility: { requireRealName: v.requireRealName, minVipLevel: v.minVipLevel },
    status: v.status,
  };
}

function initialValues(editing: AdminActivity | null): Partial<ActivityFormValues> {
  if (!editing) {
    const now = Date.now();
    return {
      kind: 'firstDeposit',
      startsAt: toShanghaiInput(now),
      endsAt: toShanghaiInput(now + 30 * 86_400_000),
      ruleJson: JSON.stringify(RULE_TEMPLATES.firstDeposit, null, 2),
      requireRealName: false,
      minVipLevel: 0,
      status: 'active',
    };
  }
  return {
    kind: editing.kind,
    title: editing.title,
    pictureUrl: editing.pictureUrl,
    rulesText: editing.rulesText,
    startsAt: toShanghaiInput(editing.startsAt),
    endsAt: toShanghaiInput(editing.endsAt),
    ruleJson: JSON.stringify(editing.rule, null, 2),
    requireRealName: editing.eligibility.requireRealName,
    minVipLevel: editing.eligibility.minVipLevel,
    status: editing.status === 'draft' ? 'draft' : 'active',
  };
}

const timeRule = {
  validator: (_r: unknown, value: string | undefined) =>
    Number.isNaN(fromShanghaiInput(value ?? ''))
      ? Promise.reject(new Error('请选择时间'))
      : Promise.resolve(),
};

/** New or edited activity; the rule is JSON checked with its kind's schema before sending. */
export function ActivityFormModal({
  open,
  editing,
  busy,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  editing: AdminActivity | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (body: ActivityBody) => void;
}) {
  const [form] = Form.useForm<ActivityFormValues>();
  const ruleCheck = {
    validator: (_r: unknown, value: string | undefined) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value ?? '');
      } catch {
        return Promise.reject(new Error('规则须为 JSON'));
      }
      const kind = form.getFieldValue('kind') as ActivityKind;
      const r = activityRuleSchemas[kind].safeParse(parsed);
      if (r.success) return Promise.resolve();
      const issue = r.error.issues[0];
      const where = issue?.path.join('.') ?? '';
      return Promise.reject(
        new Error(`规则不符合「${ACTIVITY_KIND_LABELS[kind]}」：${where} ${issue?.message ?? ''}`),
      );
    },
  };
  return (
    <FormModal
      form={form}
      open={open}
      title={editing ? `编辑活动 #${editing.id}` : '新建活动'}
      width={640}
      busy={busy}
      onClose={onCancel}
      onSubmit={(v) => onSubmit(activityBody(v))}
      initialValues={initialValues(editing)}
      onValuesChange={(changed: Partial<ActivityFormValues>) => {
        const template = changed.kind && RULE_TEMPLATES[changed.kind];
        if (changed.kind && !editing)
          form.setFieldValue('ruleJson', JSON.stringify(template ?? {}, null, 2));
      }}
    >
      <Form.Item label="类型" name="kind">
        <Select disabled={editing !== null} options={optionsOf(ACTIVITY_KIND_LABELS)} />
      </Form.Item>
      <Form.Item
        label="标题"
        name="title"
        rules={[zodRule(ActivityCreateRequest, 'title', '请填写标题（40 字以内）')]}
      >
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item
        label="图片地址"
        name="pictureUrl"
        rules={[zodRule(ActivityCreateRequest, 'pictureUrl')]}
        extra="https 地址或站内 /static/ 路径"
      >
        <Input />
      </Form.Item>
      <Form.Item
        label="活动说明"
        name="rulesText"
        rules={[zodRule(ActivityCreateRequest, 'rulesText', '请填写活动说明')]}
      >
        <Input.TextArea rows={3} maxLength={4000} />
      </Form.Item>
      <Form.Item label="开始时间（北京时间）" name="startsAt" rules={[timeRule]}>
        <Input type="datetime-local" />
      </Form.Item>
      <Form.Item label="结束时间（北京时间）" name="endsAt" rules={[timeRule]}>
        <Input type="datetime-local" />
      </Form.Item>
      <Form.Item label="奖励规则（JSON）" name="ruleJson" rules={[ruleCheck]}>
        <Input.TextArea rows={6} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item label="需实名" name="requireRealName" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label="最低 VIP 等级" name="minVipLevel">
        <InputNumber min={0} max={10} precision={0} />
      </Form.Item>
      <Form.Item label="状态" name="status">
        <Select
          options={[
            { value: 'active', label: '上线' },
            { value: 'draft', label: '草稿' },
          ]}
        />
      </Form.Item>
    </FormModal>
  );
}
