import { Button, Form, Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { zodRule } from './zod-rule';

/** One filter of a console list: a text box checked by the list's filter schema, or a choice. */
export type ListFilterField =
  | { name: string; label: string; width?: number; message?: string; type?: 'date' }
  | {
      name: string;
      label: string;
      width?: number;
      options: { value: string; label: string }[];
      /** A choice that always holds one value (its list has no 全部). */
      required?: boolean;
    };

/** Empty boxes are no filter; the rest as the schema reads them (ids as numbers). */
function cleaned(v: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(v).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''),
  );
}

/**
 * The filter row of a console list: every box validated with the protocol's filter schema (the
 * one the server parses), the list filtered only with what it accepts; the export beside it
 * takes the same filters.
 */
export function ListFilterBar<S extends z.ZodObject>(props: {
  schema: S;
  fields: ListFilterField[];
  onChange: (filter: z.output<S>) => void;
  extra?: ReactNode;
  /** The boxes' first values (the filter the list starts with). */
  initial?: Record<string, string>;
}) {
  return (
    <Form
      // Its own ids (`list-filter_name`): a dialog's field of the same name keeps its label.
      name="list-filter"
      layout="inline"
      initialValues={props.initial}
      style={{ marginBottom: 16, rowGap: 8 }}
      onFinish={(v: Record<string, string | undefined>) => {
        const parsed = props.schema.safeParse(cleaned(v));
        if (parsed.success) props.onChange(parsed.data);
      }}
    >
      {props.fields.map((f) => (
        <Form.Item
          key={f.name}
          name={f.name}
          label={f.label}
          rules={'options' in f ? [] : [zodRule(props.schema, f.name, f.message)]}
        >
          {'options' in f ? (
            <Select
              aria-label={f.label}
              allowClear={!f.required}
              placeholder="全部"
              style={{ width: f.width ?? 120 }}
              options={f.options}
            />
          ) : (
            <Input
              aria-label={f.label}
              allowClear
              type={f.type}
              style={{ width: f.width ?? (f.type === 'date' ? 150 : 120) }}
            />
          )}
        </Form.Item>
      ))}
      <Space>
        <Button htmlType="submit" type="primary">
          查询
        </Button>
        {props.extra}
      </Space>
    </Form>
  );
}

/** The table's pagination over the server's page. */
export function pagination(
  page: number,
  total: number | undefined,
  setPage: (p: number) => void,
  pageSize = 20,
) {
  return { current: page, pageSize, total, onChange: setPage, showSizeChanger: false };
}
