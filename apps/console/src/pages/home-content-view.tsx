import { Alert, Button, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { errorText } from '../api/api-error';
import {
  ContentItemModal,
  type ContentField,
  type ContentValues,
} from '../components/content-item-form';

type Row = { id: number; enabled: boolean };

/**
 * One kind of home content as a table with 新建, 编辑 and 启用/停用 (shown only to an operator
 * who may save), and its export. Disabled rows and windows stay listed: the member home
 * hides them, the operator must still see them.
 */
export function HomeContentView<R extends Row>(props: {
  noun: string;
  rows: R[] | undefined;
  loading: boolean;
  error: Error | null;
  columns: ColumnsType<R>;
  fields: readonly ContentField[];
  schema: z.ZodObject;
  defaults: ContentValues;
  canEdit: boolean;
  busy: boolean;
  exportButton: ReactNode;
  save: (body: ContentValues, done: () => void) => void;
  enable: (row: R, enabled: boolean) => void;
}) {
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const initial = (row: R): ContentValues =>
    Object.fromEntries(props.fields.map((f) => [f.name, (row as ContentValues)[f.name]]));
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        {props.canEdit && (
          <Button type="primary" onClick={() => setEditing('new')}>
            新建{props.noun}
          </Button>
        )}
        {props.exportButton}
      </Space>
      {props.error && <Alert type="error" title={errorText(props.error)} />}
      <Table<R>
        rowKey="id"
        size="small"
        loading={props.loading}
        dataSource={props.rows}
        pagination={false}
        columns={[
          { title: '编号', dataIndex: 'id' },
          ...props.columns,
          {
            title: '状态',
            dataIndex: 'enabled',
            render: (on: boolean) => (
              <Tag color={on ? 'green' : 'default'}>{on ? '启用' : '停用'}</Tag>
            ),
          },
          {
            title: '操作',
            render: (_, row) =>
              props.canEdit && (
                <Space>
                  <Button size="small" onClick={() => setEditing(row)}>
                    编辑
                  </Button>
                  <Button size="small" onClick={() => props.enable(row, !row.enabled)}>
                    {row.enabled ? '停用' : '启用'}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <ContentItemModal
        title={
          editing && editing !== 'new' ? `编辑${props.noun} #${editing.id}` : `新建${props.noun}`
        }
        open={editing !== null}
        initial={editing && editing !== 'new' ? initial(editing) : props.defaults}
        fields={props.fields}
        schema={props.schema}
        busy={props.busy}
        onCancel={() => setEditing(null)}
        onSubmit={(values) =>
          props.save(editing && editing !== 'new' ? { ...values, id: editing.id } : values, () =>
            setEditing(null),
          )
        }
      />
    </>
  );
}
