import {
  AdminHelpSaveRequest,
  AdminSponsorSaveRequest,
} from '@nebula/protocol/api/help-and-service/help-and-service.schemas';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { useActionFeedback } from '../components/action-feedback';
import { useAdminMutation, useAdminQuery } from '../components/use-admin-query';
import { zodRule } from '../components/zod-rule';
import { FormModal } from '../components/form-modal';

type Doc = ResponseOf<'adminHelpDoc'>;
type Slug = Doc['slug'];
interface HelpValues {
  title: string;
  body: string;
}

/**
 * 编辑帮助页: the stored source (placeholders unfilled) of one page, saved over the version the
 * operator opened (a newer save meanwhile is refused by the server with its code).
 */
export function HelpEditModal(props: { slug: Slug | null; onClose: () => void }) {
  const doc = useAdminQuery(
    'adminHelpDoc',
    // Not asked until a page is chosen; the placeholder slug is never sent.
    { params: { slug: props.slug ?? 'kh' } },
    { enabled: props.slug !== null },
  );
  return (
    <Modal
      open={props.slug !== null}
      title={`编辑帮助页 ${props.slug ?? ''}`}
      footer={null}
      onCancel={props.onClose}
      destroyOnHidden
      width={720}
    >
      {doc.error && <Alert type="error" title={errorText(doc.error)} />}
      {doc.data && <HelpForm key={doc.data.version} doc={doc.data} onDone={props.onClose} />}
    </Modal>
  );
}

function HelpForm({ doc, onDone }: { doc: Doc; onDone: () => void }) {
  const [form] = Form.useForm<HelpValues>();
  const save = useAdminMutation('adminHelpSave');
  const feedback = useActionFeedback();
  const names = Object.keys(doc.placeholders);
  return (
    <Form<HelpValues>
      form={form}
      layout="vertical"
      initialValues={{ title: doc.title, body: doc.body }}
      onFinish={(v) =>
        save.mutate(
          { req: { params: { slug: doc.slug }, body: { ...v, baseVersion: doc.version } } },
          {
            onSuccess: (d) => {
              feedback.done(`已保存（第 ${d.version} 版）`);
              onDone();
            },
            onError: feedback.failed,
          },
        )
      }
    >
      <Form.Item name="title" label="标题" rules={[zodRule(AdminHelpSaveRequest, 'title')]}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item
        name="body"
        label="正文（Markdown）"
        extra={names.length > 0 ? `可用占位符：${names.join('、')}` : undefined}
        rules={[zodRule(AdminHelpSaveRequest, 'body', '请填写正文')]}
      >
        <Input.TextArea rows={12} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
        <Typography.Text type="secondary">
          保存为第 {doc.version + 1} 版（当前第 {doc.version} 版，{doc.updatedBy}）
        </Typography.Text>
      </Space>
    </Form>
  );
}

type Sponsor = ResponseOf<'adminSponsors'>['list'][number];
interface SponsorValues {
  title: string;
  imageUrl: string;
  summary: string;
  body: string;
  startsOn: string;
  endsOn?: string;
  sort: number;
  enabled: boolean;
}

/** 赞助: a new sponsorship or an edit of one, validated with the protocol's schema. */
export function SponsorModal(props: {
  open: boolean;
  sponsor: Sponsor | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<SponsorValues>();
  const save = useAdminMutation('adminSponsorSave');
  const feedback = useActionFeedback();
  const s = props.sponsor;
  const rule = (f: keyof SponsorValues, msg?: string) => zodRule(AdminSponsorSaveRequest, f, msg);
  return (
    <FormModal
      form={form}
      open={props.open}
      title={s ? `编辑赞助 ${s.title}` : '新增赞助'}
      busy={save.isPending}
      onClose={props.onClose}
      initialValues={
        s ? { ...s, endsOn: s.endsOn ?? undefined } : { sort: 0, enabled: true, startsOn: '' }
      }
      onSubmit={(v) =>
        save.mutate(
          { req: { body: { ...v, endsOn: v.endsOn || null, ...(s ? { id: s.id } : {}) } } },
          {
            onSuccess: () => {
              feedback.done();
              props.onClose();
            },
            onError: feedback.failed,
          },
        )
      }
    >
      <Form.Item name="title" label="标题" rules={[rule('title', '请填写标题（40 字以内）')]}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item name="imageUrl" label="图片地址" rules={[rule('imageUrl')]}>
        <Input maxLength={300} />
      </Form.Item>
      <Form.Item name="summary" label="摘要" rules={[rule('summary', '请填写摘要（120 字以内）')]}>
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item name="body" label="正文" rules={[rule('body', '请填写正文')]}>
        <Input.TextArea rows={4} maxLength={4000} />
      </Form.Item>
      <Form.Item name="startsOn" label="开始日期" rules={[rule('startsOn', '请选择开始日期')]}>
        <Input type="date" />
      </Form.Item>
      <Form.Item name="endsOn" label="结束日期（可空）">
        <Input type="date" />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={[rule('sort', '0–9999 的整数')]}>
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
      <Form.Item name="enabled" valuePropName="checked">
        <Checkbox>启用</Checkbox>
      </Form.Item>
    </FormModal>
  );
}
