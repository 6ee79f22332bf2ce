import { Alert, Card, Space, Table } from 'antd';
import { useState } from 'react';
import { errorText } from '../api/api-error';
import { PageHeader } from '../components/page-header';
import { useAdminQuery } from '../components/use-admin-query';
import { columnsOf } from '../components/value-cell';

/** Help pages, sponsorships and the mail sent to members. */
export function Page() {
  const help = useAdminQuery('adminHelpList', {});
  const sponsors = useAdminQuery('adminSponsors', {});
  const [page, setPage] = useState(1);
  const mails = useAdminQuery('adminMails', { query: { page, pageSize: 20 } });
  const error = help.error ?? sponsors.error ?? mails.error;
  return (
    <>
      <PageHeader title="内容管理" />
      {error && <Alert type="error" title={errorText(error)} />}
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Card title="帮助中心">
          <Table
            rowKey={(r) => JSON.stringify(r)}
            size="small"
            loading={help.isLoading}
            dataSource={help.data?.list}
            columns={columnsOf(help.data?.list)}
            pagination={false}
          />
        </Card>
        <Card title="赞助">
          <Table
            rowKey={(r) => JSON.stringify(r)}
            size="small"
            loading={sponsors.isLoading}
            dataSource={sponsors.data?.list}
            columns={columnsOf(sponsors.data?.list)}
            pagination={false}
          />
        </Card>
        <Card title="站内信">
          <Table
            rowKey={(r) => JSON.stringify(r)}
            size="small"
            loading={mails.isLoading}
            dataSource={mails.data?.list}
            columns={columnsOf(mails.data?.list)}
            pagination={{
              current: page,
              pageSize: 20,
              total: mails.data?.total,
              onChange: setPage,
            }}
          />
        </Card>
      </Space>
    </>
  );
}
