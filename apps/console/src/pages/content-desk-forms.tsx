import { AdminFeedbackReplyRequest } from '@nebula/protocol/api/help-and-service/mail-and-feedback.schemas';
import { Form, Input, Select } from 'antd';
import { useActionFeedback } from '../components/action-feedback';
import { useAdminMutation } from '../components/use-admin-query';
import { zodRule } from '../components/zod-rule';
import { FormModal } from '../components/form-modal';

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
    <FormModal
      form={form}
      open={props.feedbackId !== null}
      title={`回复反馈 #${props.feedbackId ?? ''}`}
      okText="回复"
      busy={reply.isPending}
      onClose={props.onClose}
      initialValues={{ status: 'replied' }}
      onSubmit={(body) =>
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
    </FormModal>
  );
}
