import { Alert, Card, Select, Space, Table } from 'antd';
import type { FeedbackStatus } from '@nebula/protocol/api/help-and-service/mail-and-feedback.schemas';
import { useState } from 'react';
import { errorText } from '../api/api-error';
import { ExportButton } from '../components/export-button';
import { PageHeader } from '../components/page-header';
import { useAdminQuery } from '../components/use-admin-query';
import { columnsOf } from '../components/value-cell';
import { HomeContentPanel } from './home-content-panel';

const FEEDBACK_STATUS: Record<FeedbackStatus, string> = {
  pending: '待回复',
  replied: '已回复',
  closed: '已关闭',
};

/**
 * The member home's rows (notices, banners, floating icons, pop-ups), help pages,
 * sponsorships, the mail sent to members and their feedback.
 */
export function Page() {
  const help = useAdminQuery('adminHelpList', {});
  const sponsors = useAdminQuery('adminSponsors', {});
  const [page, setPage] = useState(1);
  const mails = useAdminQuery('adminMails', { query: { page, pageSize: 20 } });
  const [fbStatus, setFbStatus] = useState<FeedbackStatus | undefined>();
  const [fbPage, setFbPage] = useState(1);
  const feedback = useAdminQuery('adminFeedbacks', {
    query: { status: fbStatus, page: fbPage, pageSize: 20 },
  });
  const error = help.error ?? sponsors.error ?? mails.error ?? feedback.error;
  return (
    <>
      <PageHeader title="内容管理" />
      {error && <Alert type="error" title={errorText(error)} />}
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Card title="首页内容">
          <HomeContentPanel />
        </Card>
        <Card
          title="帮助中心"
          extra={
            <ExportButton
              route="adminExportHelpDocs"
              req={{ query: {} }}
              fileName="help-docs.csv"
            />
          }
        >
          <Table
            rowKey={(r) => JSON.stringify(r)}
            size="small"
            loading={help.isLoading}
            dataSource={help.data?.list}
            columns={columnsOf(help.data?.list)}
            pagination={false}
          />
        </Card>
        <Card
          title="赞助"
          extra={
            <ExportButton route="adminExportSponsors" req={{ query: {} }} fileName="sponsors.csv" />
          }
        >
          <Table
            rowKey={(r) => JSON.stringify(r)}
            size="small"
            loading={sponsors.isLoading}
            dataSource={sponsors.data?.list}
            columns={columnsOf(sponsors.data?.list)}
            pagination={false}
          />
        </Card>
        <Card
          title="站内信"
          extra={<ExportButton route="adminExportMails" req={{ query: {} }} fileName="mails.csv" />}
        >
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
        <Card
          title="意见反馈"
          extra={
            <Space>
              <Select
                allowClear
                aria-label="反馈状态"
                placeholder="全部状态"
                style={{ width: 120 }}
                value={fbStatus}
                options={Object.entries(FEEDBACK_STATUS).map(([value, label]) => ({
                  value,
                  label,
                }))}
                onChange={(v: FeedbackStatus | undefined) => {
                  setFbStatus(v);
                  setFbPage(1);
                }}
              />
              <ExportButton
                route="adminExportFeedback"
                req={{ query: { status: fbStatus } }}
                fileName="feedback.csv"
              />
            </Space>
          }
        >
          <Table
            rowKey="id"
            size="small"
            loading={feedback.isLoading}
            dataSource={feedback.data?.list}
            columns={columnsOf(feedback.data?.list)}
            pagination={{
              current: fbPage,
              pageSize: 20,
              total: feedback.data?.total,
              onChange: setFbPage,
            }}
          />
        </Card>
      </Space>
    </>
  );
}
