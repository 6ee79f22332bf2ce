import {
  AdminFeedbackReplyRequest,
  AdminMailSendRequest,
} from '@nebula/protocol/api/help-and-service/mail-and-feedback.schemas';
import { Checkbox, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useActionFeedback } from '../components/action-feedback';
import { useAdminMutation } from '../components/use-admin-query';
import { zodRule } from '../components/zod-rule';

interface MailValues {
  title: string;
  body: string;
  kind: 'member' | 'all';
  memberId?: number;
  marketing?: boolean;
}

/** 发送站内信: to one member or to every member, validated with the protocol's schema. */
export function MailSendModal(props: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<MailValues>();
  const send = useAdminMutation('adminMailSend');
  const feedback = useActionFeedback();
  const kind = Form.useWatch('kind', form);
  return (
    <Modal
      open={props.open}
      title="发送站内信"
      okText="发送"
      cancelText="取消"
      confirmLoading={send.isPending}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<MailValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ kind: 'member', marketing: false }}
        onFinish={(v) =>
          send.mutate(
            {
              req: {
                body: {
                  title: v.title,
                  body: v.body,
                  marketing: v.marketing ?? false,
                  audience:
                    v.kind === 'member'
                      ? { kind: 'member', memberId: v.memberId! }
                      : { kind: 'all' },
                },
              },
            },
            {
              onSuccess: () => {
                feedback.done('已发送');
                props.onClose();
              },
              onError: feedback.failed,
            },
          )
        }
      >
        <Form.Item name="kind" label="发送对象">
          <Select
            options={[
              { value: 'member', label: '指定会员' },
              { value: 'all', label: '全部会员' },
            ]}
          />
        </Form.Item>
        {kind !== 'all' && (
          <Form.Item
            name="memberId"
            label="会员编号"
            rules={[{ required: true, message: '请输入会员编号' }]}
          >
            <InputNumber min={1} precision={0} />
          </Form.Item>
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
      </Form>
    </Modal>
  );
}

interface ReplyValues {
  reply: string;
  status: 'replied' | 'closed';
}

/** 回复反馈: the reply the member reads; closing ends the thread. */
export function FeedbackReplyModal(props: { feedbackId: number | null; onClose: () => void }) {
  const [form] = Form.useForm<ReplyValues>();
  const reply = useAdminMutation('adminFeedbackReply');
  const feedback = useActionFeedback();
  return (
    <Modal
      open={props.feedbackId !== null}
      title={`回复反馈 #${props.feedbackId ?? ''}`}
      okText="回复"
      cancelText="取消"
      confirmLoading={reply.isPending}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<ReplyValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ status: 'replied' }}
        onFinish={(body) =>
          props.feedbackId !== null &&
          reply.mutate(
            { req: { params: { feedbackId: props.feedbackId }, body } },
            {
              onSuccess: () => {
                feedback.done('已回复');
                props.onClose();
              },
              onError: feedback.failed,
            },
          )
        }
      >
        <Form.Item
          name="reply"
          label="回复内容"
          rules={[zodRule(AdminFeedbackReplyRequest, 'reply', '请填写回复（2000 字以内）')]}
        >
          <Input.TextArea rows={4} maxLength={2000} />
        </Form.Item>
        <Form.Item name="status" label="回复后">
          <Select
            options={[
              { value: 'replied', label: '保持开放' },
              { value: 'closed', label: '关闭反馈' },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
