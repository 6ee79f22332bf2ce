import { Alert, App, Button, Card, Popconfirm, Select, Space, Table } from 'antd';
import type { FeedbackStatus } from '@nebula/protocol/api/help-and-service/mail-and-feedback.schemas';
import { useState } from 'react';
import { errorText } from '../api/api-error';
import { ExportButton } from '../components/export-button';
import { PageHeader } from '../components/page-header';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { columnsOf } from '../components/value-cell';
import { FeedbackReplyModal } from './content-desk-forms';
import { MailSendModal } from './mail-send-modal';
import { HelpPanel, SponsorPanel } from './help-sponsor-panels';
import { HomeContentPanel } from './home-content-panel';

const FEEDBACK_STATUS: Record<FeedbackStatus, string> = {
  pending: '待回复',
  replied: '已回复',
  closed: '已关闭',
};

/**
 * The member home's rows (notices, banners, floating icons, pop-ups), help pages,
 * sponsorships (their own panels, each paged and filtered on the server), the mail sent to
 * members and their feedback.
 */
export function Page() {
  const [page, setPage] = useState(1);
  const mails = useAdminQuery('adminMails', { query: { page, pageSize: 20 } });
  const [fbStatus, setFbStatus] = useState<FeedbackStatus | undefined>();
  const [fbPage, setFbPage] = useState(1);
  const feedback = useAdminQuery('adminFeedbacks', {
    query: { status: fbStatus, page: fbPage, pageSize: 20 },
  });
  const error = mails.error ?? feedback.error;
  const canSend = useCan('adminMailSend');
  const canRevoke = useCan('adminMailRevoke');
  const canReply = useCan('adminFeedbackReply');
  const revoke = useAdminMutation('adminMailRevoke');
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  const [replying, setReplying] = useState<number | null>(null);
  type MailRow = NonNullable<typeof mails.data>['list'][number];
  type FeedbackRow = NonNullable<typeof feedback.data>['list'][number];
  const mailActions = {
    title: '操作',
    key: 'actions',
    render: (_: unknown, m: MailRow) =>
      canRevoke && !m.revoked ? (
        <Popconfirm
          title="撤回这封站内信？"
          okText="撤回"
          cancelText="取消"
          onConfirm={() =>
            revoke.mutate(
              { req: { params: { mailId: m.id }, body: {} } },
              {
                onSuccess: () => void message.success('已撤回'),
                onError: (err) => void message.error(errorText(err)),
              },
            )
          }
        >
          <Button size="small" danger>
            撤回
          </Button>
        </Popconfirm>
      ) : null,
  };
  const feedbackActions = {
    title: '操作',
    key: 'actions',
    render: (_: unknown, f: FeedbackRow) =>
      canReply && f.status !== 'closed' ? (
        <Button size="small" onClick={() => setReplying(f.id)}>
          回复
        </Button>
      ) : null,
  };
  return (
    <>
      <PageHeader title="内容管理" />
      {error && <Alert type="error" title={errorText(error)} />}
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Card title="首页内容">
          <HomeContentPanel />
        </Card>
        <HelpPanel />
        <SponsorPanel />
        <Card
          title="站内信"
          extra={
            <Space>
              {canSend && <Button onClick={() => setSending(true)}>发送站内信</Button>}
              <ExportButton route="adminExportMails" req={{ query: {} }} fileName="mails.csv" />
            </Space>
          }
        >
          <Table
            rowKey={(r) => JSON.stringify(r)}
            size="small"
            loading={mails.isLoading}
            dataSource={mails.data?.list}
            columns={[...columnsOf(mails.data?.list), mailActions]}
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
            columns={[...columnsOf(feedback.data?.list), feedbackActions]}
            pagination={{
              current: fbPage,
              pageSize: 20,
              total: feedback.data?.total,
              onChange: setFbPage,
            }}
          />
        </Card>
      </Space>
      <MailSendModal open={sending} onClose={() => setSending(false)} />
      <FeedbackReplyModal feedbackId={replying} onClose={() => setReplying(null)} />
    </>
  );
}
