import { Alert, Button, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { errorText } from '../api/api-error';
import {
  ContentItemModal,
  type ContentField,
  type ContentValues,
} from '../components/content-item-form';

import { pagination } from '../components/list-filter-bar';

type Row = { id: number; enabled: boolean };

/** A home-content list's filters (the export sends the same ones). */
export interface ContentFilter {
  enabled?: 'true' | 'false' | undefined;
  q?: string | undefined;
}

/** A list's filter and page, as its query and its export send them. */
export function useContentList() {
  const [filter, setFilter] = useState<ContentFilter>({});
  const [page, setPage] = useState(1);
  return {
    filter,
    page,
    setPage,
    query: { ...filter, page, pageSize: 20 },
    narrow: (patch: ContentFilter) => {
      setFilter((f) => ({ ...f, ...patch }));
      setPage(1);
    },
  };
}

/**
 * One kind of home content as a table with 新建, 编辑 and 启用/停用 (shown only to an operator
 * who may save), and its export; paged and filtered (enabled, part of the title) on the server. Disabled rows and windows stay listed: the member home
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
  list: ReturnType<typeof useContentList>;
  total: number | undefined;
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
        <Select
          aria-label={`${props.noun}状态`}
          allowClear
          placeholder="全部状态"
          style={{ width: 110 }}
          options={[
            { value: 'true', label: '启用' },
            { value: 'false', label: '停用' },
          ]}
          value={props.list.filter.enabled}
          onChange={(enabled?: 'true' | 'false') => props.list.narrow({ enabled })}
        />
        <Input.Search
          aria-label={`${props.noun}搜索`}
          placeholder="标题"
          allowClear
          maxLength={40}
          style={{ width: 160 }}
          onSearch={(v) => props.list.narrow({ q: v.trim() || undefined })}
        />
        {props.exportButton}
      </Space>
      {props.error && <Alert type="error" title={errorText(props.error)} />}
      <Table<R>
        rowKey="id"
        size="small"
        loading={props.loading}
        dataSource={props.rows}
        pagination={pagination(props.list.page, props.total, props.list.setPage)}
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
