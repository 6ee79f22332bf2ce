import { Form, Input, InputNumber, Select, Switch } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { isContentUrl, isContentWindow } from '@nebula/protocol/api/content/content.schemas';
import type { z } from 'zod';
import { FormModal } from './form-modal';
import { zodRule } from './zod-rule';

/** One field of a home-content form: its kind decides the input and the checks. */
export interface ContentField {
  name: string;
  label: string;
  kind: 'text' | 'area' | 'number' | 'url' | 'optional-url' | 'instant' | 'category' | 'switch';
  message?: string;
}

export type ContentValues = Record<string, unknown>;

const CATEGORIES = [
  { value: 1, label: '跑马灯' },
  { value: 2, label: '公告' },
  { value: 3, label: '活动公告' },
];
export const categoryLabel = (c: number) => CATEGORIES.find((o) => o.value === c)?.label ?? c;

const URL_MESSAGE = '地址须为 http(s) 地址或以 / 开头的站内路径';
const urlRule = (optional: boolean): RuleObject => ({
  validator: (_r, v: unknown) => {
    const s = typeof v === 'string' ? v.trim() : '';
    return (optional && s === '') || isContentUrl(s)
      ? Promise.resolve()
      : Promise.reject(new Error(URL_MESSAGE));
  },
});

/** Empty window ends are null (open), as the save request takes them. */
function normalise(values: ContentValues, fields: readonly ContentField[]): ContentValues {
  const out: ContentValues = { ...values };
  for (const f of fields) {
    if (f.kind === 'instant') out[f.name] = values[f.name] ? values[f.name] : null;
    if (f.kind === 'optional-url' && values[f.name] === undefined) out[f.name] = '';
  }
  return out;
}

/**
 * New or edited home-content row (公告, 轮播图, 悬浮图标, 首页弹窗): each field checked with the
 * save request's own schema via `zodRule`, addresses and the window as the server checks them
 * (9770, 9771), so a form never sends what the server would refuse.
 */
export function ContentItemModal({
  title,
  open,
  initial,
  fields,
  schema,
  busy,
  onCancel,
  onSubmit,
}: {
  title: string;
  open: boolean;
  initial: ContentValues;
  fields: readonly ContentField[];
  schema: z.ZodObject;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (values: ContentValues) => void;
}) {
  const [form] = Form.useForm<ContentValues>();
  const rules = (f: ContentField): RuleObject[] => {
    const own = [zodRule(schema, f.name, f.message)];
    if (f.kind === 'url' || f.kind === 'optional-url') own.push(urlRule(f.kind === 'optional-url'));
    if (f.name === 'endsAt')
      own.push({
        validator: (_r, v: unknown) => {
          const start = form.getFieldValue('startsAt') as string | undefined;
          return start && typeof v === 'string' && v && !isContentWindow(start, v)
            ? Promise.reject(new Error('结束时间须晚于开始时间'))
            : Promise.resolve();
        },
      });
    return own;
  };
  return (
    <FormModal
      form={form}
      open={open}
      title={title}
      busy={busy}
      onClose={onCancel}
      onSubmit={(v) => onSubmit(normalise(v, fields))}
      initialValues={initial}
    >
      {fields.map((f) => (
        <Form.Item
          key={f.name}
          label={f.label}
          name={f.name}
          rules={f.kind === 'switch' ? [] : rules(f)}
          valuePropName={f.kind === 'switch' ? 'checked' : 'value'}
          dependencies={f.name === 'endsAt' ? ['startsAt'] : undefined}
          extra={f.kind === 'instant' ? '如 2026-05-01T00:00:00+08:00，留空不限' : undefined}
        >
          {f.kind === 'area' ? (
            <Input.TextArea rows={4} maxLength={4000} />
          ) : f.kind === 'number' ? (
            <InputNumber min={0} max={9999} precision={0} />
          ) : f.kind === 'category' ? (
            <Select options={CATEGORIES} />
          ) : f.kind === 'switch' ? (
            <Switch />
          ) : (
            <Input maxLength={f.kind === 'text' ? 100 : 500} />
          )}
        </Form.Item>
      ))}
    </FormModal>
  );
}
