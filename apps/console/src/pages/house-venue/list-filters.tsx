import { Form, Input, Select } from 'antd';
import { STATUS_LABELS } from './venue-labels';

/** A filter's status choices, labelled as the venue's statuses are elsewhere. */
export const statusOptions = (values: readonly string[], labels: Record<string, string> = {}) =>
  values.map((v) => ({ value: v, label: labels[v] ?? STATUS_LABELS[v] ?? v }));

/** A text filter (the schema's pattern is the venue's and the platform's to check). */
export function TextFilter({
  name,
  label,
  width = 130,
}: {
  name: string;
  label: string;
  width?: number;
}) {
  return (
    <Form.Item name={name}>
      <Input aria-label={label} placeholder={label} allowClear style={{ width }} />
    </Form.Item>
  );
}

export function SelectFilter({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
}) {
  return (
    <Form.Item name={name}>
      <Select
        aria-label={label}
        placeholder={label}
        allowClear
        style={{ width: 120 }}
        options={options}
      />
    </Form.Item>
  );
}

/** From and to, Shanghai days, both inclusive (the venue refuses from after to: 9781). */
export function DayFilters({ what }: { what: string }) {
  return (
    <>
      <Form.Item name="from">
        <Input type="date" aria-label={`${what}起始日`} style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="to">
        <Input type="date" aria-label={`${what}截止日`} style={{ width: 150 }} />
      </Form.Item>
    </>
  );
}
