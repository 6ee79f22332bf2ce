import { Alert, App, Button, Space, Table } from 'antd';
import { useState } from 'react';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { formatTime, PageHeader } from '../components/page-header';
import { ExportButton } from '../components/export-button';
import { ReasonModal } from '../components/reason-modal';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';

type Item = ResponseOf<'adminRealNamePending'>['list'][number];

export function Page() {
  const pending = useAdminQuery('adminRealNamePending', {});
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
      <PageHeader
        title="实名审核"
        extra={
          <ExportButton
            route="adminExportRealNamePending"
            req={{ query: {} }}
            fileName="real-name-pending.csv"
          />
        }
      />
      {pending.error && <Alert type="error" title={errorText(pending.error)} />}
      <Table<Item>
        rowKey="memberId"
        loading={pending.isLoading}
        dataSource={pending.data?.list}
        columns={[
          { title: '会员 ID', dataIndex: 'memberId' },
          { title: '账号', dataIndex: 'userName' },
          { title: '姓名', dataIndex: 'realName' },
          { title: '提交时间', dataIndex: 'submittedAt', render: formatTime },
          {
            title: '操作',
            render: (_, item) =>
              canReview && (
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
