import {
  AdminMailSendRequest,
  MailAudience,
  mailAudienceProblem,
  MAIL_LIST_MAX,
} from '@nebula/protocol/api/help-and-service/mail-and-feedback.schemas';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { errorText } from '../api/api-error';
import { useActionFeedback } from '../components/action-feedback';
import { useAdminMutation } from '../components/use-admin-query';
import { zodRule } from '../components/zod-rule';
import { FormModal } from '../components/form-modal';

type Kind = MailAudience['kind'];

interface MailValues {
  title: string;
  body: string;
  kind: Kind;
  memberId?: number;
  vipMin?: number | null;
  vipMax?: number | null;
  registeredFrom?: string;
  registeredTo?: string;
  activeWithinDays?: number | null;
  userNames?: string;
  marketing?: boolean;
}

const KINDS: { value: Kind; label: string }[] = [
  { value: 'member', label: '指定会员' },
  { value: 'segment', label: '会员分群' },
  { value: 'list', label: '账号名单' },
  { value: 'all', label: '全部会员' },
];

/** Why each audience field is refused, in Chinese (the schema's own issues are English). */
const FIELD_TEXT: Record<string, string> = {
  memberId: '请输入会员编号',
  vipMin: 'VIP 等级为 0–99',
  vipMax: '最高等级不能低于最低等级（0–99）',
  registeredFrom: '日期格式为 YYYY-MM-DD',
  registeredTo: '结束日期不能早于开始日期（YYYY-MM-DD）',
  activeWithinDays: '天数为 1–365',
  userNames: `每行一个账号，1–${MAIL_LIST_MAX} 个`,
};

const opt = <T,>(v: T | null | undefined | '') => (v === null || v === '' ? undefined : v);

/**
 * The audience the form describes, checked with the protocol's schema and range rule (the
 * server's own checks): the audience, or the field to mark with its Chinese reason.
 */
export function audienceOf(
  v: MailValues,
): { audience: MailAudience } | { field: keyof MailValues } {
  const raw =
    v.kind === 'member'
      ? { kind: 'member', memberId: v.memberId }
      : v.kind === 'segment'
        ? {
            kind: 'segment',
            vipMin: opt(v.vipMin),
            vipMax: opt(v.vipMax),
            registeredFrom: opt(v.registeredFrom?.trim()),
            registeredTo: opt(v.registeredTo?.trim()),
            activeWithinDays: opt(v.activeWithinDays),
          }
        : v.kind === 'list'
          ? {
              kind: 'list',
              userNames: (v.userNames ?? '')
                .split(/[\s,，]+/)
                .map((n) => n.trim())
                .filter((n) => n !== ''),
            }
          : { kind: 'all' };
  const parsed = MailAudience.safeParse(raw);
  if (!parsed.success) {
    const at = String(parsed.error.issues[0]?.path[0] ?? 'kind');
    return { field: at in FIELD_TEXT ? (at as keyof MailValues) : 'kind' };
  }
  const problem = mailAudienceProblem(parsed.data);
  return problem ? { field: problem } : { audience: parsed.data };
}

/**
 * 发送站内信: to one member, a segment (VIP range, registration days, active within N days),
 * a list of accounts or everyone, validated with the protocol's schemas; 预览人数 asks the
 * server how many members the audience reaches before anything is sent.
 */
export function MailSendModal(props: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<MailValues>();
  const send = useAdminMutation('adminMailSend');
  const count = useAdminMutation('adminMailAudienceCount');
  const feedback = useActionFeedback();
  const kind = Form.useWatch('kind', form);
  const [preview, setPreview] = useState<string | null>(null);
  const checked = (): MailAudience | null => {
    const r = audienceOf(form.getFieldsValue(true) as MailValues);
    if ('audience' in r) return r.audience;
    form.setFields([{ name: r.field, errors: [FIELD_TEXT[r.field] ?? '发送对象设置有误'] }]);
    return null;
  };
  const askCount = () => {
    const audience = checked();
    if (!audience) return;
    count.mutate(
      { req: { body: { audience } } },
      {
        onSuccess: (r) => setPreview(`预计发送给 ${r.recipients} 位会员`),
        onError: (err) => setPreview(errorText(err)),
      },
    );
  };
  return (
    <FormModal
      form={form}
      open={props.open}
      title="发送站内信"
      okText="发送"
      busy={send.isPending}
      onClose={props.onClose}
      initialValues={{ kind: 'member', marketing: false }}
      onValuesChange={() => setPreview(null)}
      onSubmit={(v) => {
        const audience = checked();
        if (!audience) return;
        send.mutate(
          { req: { body: { title: v.title, body: v.body, marketing: !!v.marketing, audience } } },
          {
            onSuccess: () => {
              feedback.done('已发送');
              props.onClose();
            },
            onError: feedback.failed,
          },
        );
      }}
    >
      <Form.Item name="kind" label="发送对象">
        <Select options={KINDS} />
      </Form.Item>
      {kind === 'member' && (
        <Form.Item
          name="memberId"
          label="会员编号"
          rules={[{ required: true, message: '请输入会员编号' }]}
        >
          <InputNumber min={1} precision={0} />
        </Form.Item>
      )}
      {kind === 'segment' && (
        <Space wrap>
          <Form.Item name="vipMin" label="最低 VIP">
            <InputNumber min={0} max={99} precision={0} />
          </Form.Item>
          <Form.Item name="vipMax" label="最高 VIP">
            <InputNumber min={0} max={99} precision={0} />
          </Form.Item>
          <Form.Item name="registeredFrom" label="注册起始日">
            <Input placeholder="YYYY-MM-DD" style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="registeredTo" label="注册截止日">
            <Input placeholder="YYYY-MM-DD" style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="activeWithinDays" label="最近登录（天内）">
            <InputNumber min={1} max={365} precision={0} />
          </Form.Item>
        </Space>
      )}
      {kind === 'list' && (
        <Form.Item name="userNames" label="账号名单" extra={FIELD_TEXT.userNames}>
          <Input.TextArea rows={4} />
        </Form.Item>
      )}
      {kind !== 'member' && (
        <Space style={{ marginBottom: 16 }}>
          <Button onClick={askCount} loading={count.isPending}>
            预览人数
          </Button>
          {preview && <Alert type="info" title={preview} />}
        </Space>
      )}
      <Form.Item
        name="title"
        label="标题"
        rules={[zodRule(AdminMailSendRequest, 'title', '请填写标题')]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="body"
        label="正文"
        rules={[zodRule(AdminMailSendRequest, 'body', '请填写正文')]}
      >
        <Input.TextArea rows={4} />
      </Form.Item>
      <Form.Item name="marketing" valuePropName="checked">
        <Checkbox>营销内容（仅发给接受营销的会员）</Checkbox>
      </Form.Item>
    </FormModal>
  );
}
