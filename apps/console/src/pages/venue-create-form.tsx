import { AdminVenueCreate } from '@nebula/protocol/api/venues/admin-venues.schemas';
import { Form, Input, InputNumber, Select } from 'antd';
import { useActionFeedback } from '../components/action-feedback';
import { useAdminMutation } from '../components/use-admin-query';
import { zodRule } from '../components/zod-rule';
import { FAMILY_OPTIONS } from './venue-family-switches';
import { FormModal } from '../components/form-modal';

interface VenueValues {
  code: string;
  family: 'TY' | 'ZR' | 'DJ' | 'CP' | 'QP' | 'DZ' | 'BY';
  name: string;
  logo: string;
  dialect: 'IMTY' | 'YBTY' | 'FBTY' | 'OBTY' | null;
  origin: string;
  apiUrl: string;
  merchantCode: string;
  sort?: number;
}

const DIALECTS = ['IMTY', 'YBTY', 'FBTY', 'OBTY'].map((d) => ({ value: d, label: d }));

/**
 * 新增场馆: a registry row validated with the protocol's schema; the merchant's secret stays in
 * the environment (the list shows whether this node has it). A sports or esports venue needs
 * a dialect (the server answers 8107 otherwise).
 */
export function VenueCreateModal(props: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<VenueValues>();
  const create = useAdminMutation('adminVenueCreate');
  const feedback = useActionFeedback();
  const rule = (field: keyof VenueValues, text: string) => zodRule(AdminVenueCreate, field, text);
  return (
    <FormModal
      form={form}
      open={props.open}
      title="新增场馆"
      okText="创建"
      busy={create.isPending}
      onClose={props.onClose}
      initialValues={{ dialect: null }}
      onSubmit={(v) =>
        create.mutate(
          { req: { body: { ...v, dialect: v.dialect ?? null } } },
          {
            onSuccess: (venue) => {
              feedback.done(`已新增场馆 ${venue.name}`);
              props.onClose();
            },
            onError: feedback.failed,
          },
        )
      }
    >
      <Form.Item name="code" label="代码" rules={[rule('code', '大写字母开头，2–16 位')]}>
        <Input maxLength={16} />
      </Form.Item>
      <Form.Item name="family" label="类别" rules={[rule('family', '请选择类别')]}>
        <Select options={FAMILY_OPTIONS} />
      </Form.Item>
      <Form.Item name="name" label="名称" rules={[rule('name', '请填写名称（40 字以内）')]}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item name="dialect" label="接口协议（体育、电竞）">
        <Select allowClear options={DIALECTS} />
      </Form.Item>
      <Form.Item name="logo" label="图标地址" rules={[rule('logo', '图标地址格式不正确')]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="origin"
        label="场馆页面源（https://host）"
        rules={[rule('origin', '请填写源，例如 https://venue.example')]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="apiUrl" label="接口地址" rules={[rule('apiUrl', '接口地址格式不正确')]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="merchantCode"
        label="商户号"
        rules={[rule('merchantCode', '大写字母开头，2–32 位大写字母、数字或下划线')]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={[rule('sort', '0–9999 的整数')]}>
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
    </FormModal>
  );
}
