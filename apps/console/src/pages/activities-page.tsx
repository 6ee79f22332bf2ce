import { Alert, Button, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { RequestOf, ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { useActionFeedback } from '../components/action-feedback';
import { ActivityFormModal, type ActivityBody } from '../components/activity-form';
import { formatTime, PageHeader } from '../components/page-header';
import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_PHASE_LABELS,
  ACTIVITY_STATUS_LABELS,
  labelOf,
  optionsOf,
} from '../components/reward-labels';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { ExportButton } from '../components/export-button';

type Activity = ResponseOf<'adminActivities'>['list'][number];
type Status = NonNullable<NonNullable<RequestOf<'adminActivities'>['query']>['status']>;

const STATUS_COLORS: Record<string, string> = { draft: 'default', active: 'green', ended: 'red' };

/** 活动: the operator's activities (docs/contract.md §5 Activities): list, create, edit, end. */
export function Page() {
  const [status, setStatus] = useState<Status | undefined>();
  const [page, setPage] = useState(1);
  const list = useAdminQuery('adminActivities', { query: { status, page, pageSize: 20 } });
  const create = useAdminMutation('adminActivityCreate');
  const update = useAdminMutation('adminActivityUpdate');
  const end = useAdminMutation('adminActivityEnd');
  const canWrite = useCan('adminActivityCreate');
  const feedback = useActionFeedback();
  // null: closed; 'new': the create form; an activity: its edit form.
  const [editing, setEditing] = useState<Activity | 'new' | null>(null);
  const handlers = {
    onSuccess: () => {
      setEditing(null);
      feedback.done('活动已保存');
    },
    onError: (err: Error) => {
      if (feedback.failed(err)) setEditing(null);
    },
  };
  const submit = (body: ActivityBody) => {
    if (editing === 'new') create.mutate({ req: { body } }, handlers);
    else if (editing) {
      const { kind: _kind, ...rest } = body;
      update.mutate(
        {
          req: {
            params: { activityId: editing.id },
            body: { ...rest, status: body.status ?? 'active' },
          },
        },
        handlers,
      );
    }
  };
  return (
    <>
      <PageHeader
        title="活动"
        extra={
          <Space>
            <Select
              aria-label="状态"
              allowClear
              placeholder="全部状态"
              style={{ width: 140 }}
              value={status}
              options={optionsOf(ACTIVITY_STATUS_LABELS)}
              onChange={(v: Status | undefined) => {
                setStatus(v);
                setPage(1);
              }}
            />
            <ExportButton
              route="adminExportActivities"
              req={{ query: { status } }}
              fileName="activities.csv"
            />
            {canWrite && (
              <Button type="primary" onClick={() => setEditing('new')}>
                新建活动
              </Button>
            )}
          </Space>
        }
      />
      {list.error && <Alert type="error" title={errorText(list.error)} />}
      <Table<Activity>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list}
        pagination={{ current: page, pageSize: 20, total: list.data?.total, onChange: setPage }}
        columns={[
          { title: '编号', dataIndex: 'id' },
          {
            title: '类型',
            dataIndex: 'kind',
            render: (k: string) => labelOf(ACTIVITY_KIND_LABELS, k),
          },
          { title: '标题', dataIndex: 'title' },
          { title: '开始', dataIndex: 'startsAt', render: formatTime },
          { title: '结束', dataIndex: 'endsAt', render: formatTime },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: string, a) => (
              <Space size={4}>
                <Tag color={STATUS_COLORS[s]}>{labelOf(ACTIVITY_STATUS_LABELS, s)}</Tag>
                {s === 'active' && <Tag>{labelOf(ACTIVITY_PHASE_LABELS, a.phase)}</Tag>}
              </Space>
            ),
          },
          { title: '创建人', dataIndex: 'createdBy' },
          {
            title: '操作',
            render: (_, a) =>
              canWrite &&
              a.status !== 'ended' && (
                <Space>
                  <Button size="small" onClick={() => setEditing(a)}>
                    编辑
                  </Button>
                  <Popconfirm
                    title={`结束活动「${a.title}」？`}
                    okText="结束"
                    cancelText="取消"
                    onConfirm={() =>
                      end.mutate(
                        { req: { params: { activityId: a.id }, body: {} } },
                        { onSuccess: () => feedback.done('已结束'), onError: feedback.failed },
                      )
                    }
                  >
                    <Button size="small" danger>
                      结束
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <ActivityFormModal
        open={editing !== null}
        editing={editing === 'new' ? null : editing}
        busy={create.isPending || update.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={submit}
      />
    </>
  );
}
