import { Alert, App, Button, Space, Table, Tag } from 'antd';
import { RealNameListFilter } from '@nebula/protocol/api/admin/admin.schemas';
import { useState } from 'react';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { formatTime, PageHeader } from '../components/page-header';
import { ExportButton } from '../components/export-button';
import { ReasonModal } from '../components/reason-modal';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { ListFilterBar, pagination } from '../components/list-filter-bar';

type Item = ResponseOf<'adminRealNamePending'>['list'][number];
type Filter = Partial<typeof RealNameListFilter._output>;
const STATUS: Record<Item['status'], [string, string]> = {
  pending: ['待审核', 'processing'],
  approved: ['已通过', 'green'],
  rejected: ['已驳回', 'red'],
};

/**
 * 实名审核: the review queue (or the decided ones), paged and filtered on the server — state,
 * Shanghai submission days, part of the account; the export takes the same filters.
 */
export function Page() {
  const [filter, setFilter] = useState<Filter>({ status: 'pending' });
  const [page, setPage] = useState(1);
  const list = useAdminQuery('adminRealNamePending', { query: { ...filter, page, pageSize: 20 } });
  const review = useAdminMutation('adminRealNameReview');
  const canReview = useCan('adminRealNameReview');
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState<Item | null>(null);
  const decide = (item: Item, approve: boolean, reason?: string) =>
    review.mutate(
      { req: { params: { memberId: item.memberId }, body: { approve, reason } } },
      {
        onSuccess: () => {
          setRejecting(null);
          void message.success(approve ? '已通过' : '已驳回');
        },
        onError: (err) => void message.error(errorText(err)),
      },
    );
  return (
    <>
      <PageHeader title="实名审核" />
      <ListFilterBar
        schema={RealNameListFilter}
        initial={{ status: 'pending' }}
        fields={[
          {
            name: 'status',
            label: '状态',
            required: true,
            options: Object.entries(STATUS).map(([value, [label]]) => ({ value, label })),
          },
          { name: 'from', label: '提交自', type: 'date', message: '日期格式如 2026-05-01' },
          { name: 'to', label: '提交至', type: 'date', message: '日期格式如 2026-05-01' },
          { name: 'q', label: '会员账号', width: 150, message: '账号最多 32 个字符' },
        ]}
        onChange={(f) => {
          setFilter(f);
          setPage(1);
        }}
        extra={
          <ExportButton
            route="adminExportRealNamePending"
            req={{ query: filter }}
            fileName="real-name-pending.csv"
          />
        }
      />
      {list.error && <Alert type="error" title={errorText(list.error)} />}
      <Table<Item>
        rowKey="memberId"
        loading={list.isLoading}
        dataSource={list.data?.list}
        pagination={pagination(page, list.data?.total, setPage)}
        columns={[
          { title: '会员 ID', dataIndex: 'memberId' },
          { title: '账号', dataIndex: 'userName' },
          { title: '姓名', dataIndex: 'realName' },
          { title: '提交时间', dataIndex: 'submittedAt', render: formatTime },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: Item['status']) => <Tag color={STATUS[s][1]}>{STATUS[s][0]}</Tag>,
          },
          {
            title: '审核',
            render: (_, item) =>
              item.reviewedBy && `${item.reviewedBy} ${formatTime(item.reviewedAt)}`,
          },
          { title: '驳回原因', dataIndex: 'reason' },
          {
            title: '操作',
            render: (_, item) =>
              canReview &&
              item.status === 'pending' && (
                <Space>
                  <Button size="small" type="primary" onClick={() => decide(item, true)}>
                    通过
                  </Button>
                  <Button size="small" danger onClick={() => setRejecting(item)}>
                    驳回
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <ReasonModal
        open={rejecting !== null}
        title="驳回实名"
        onCancel={() => setRejecting(null)}
        onOk={(reason) => rejecting && decide(rejecting, false, reason)}
        busy={review.isPending}
      />
    </>
  );
}
