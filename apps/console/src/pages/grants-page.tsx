import { Alert, Button, Card, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { ResponseOf } from '../api/admin-routes';
import { ManualGrantModal } from '../components/manual-grant-form';
import { errorText } from '../api/api-error';
import { useActionFeedback } from '../components/action-feedback';
import { formatTime, PageHeader } from '../components/page-header';
import { ReasonModal } from '../components/reason-modal';
import { GRANT_KIND_LABELS, GRANT_STATUS_LABELS, labelOf } from '../components/reward-labels';
import { shanghaiDay } from '../components/shanghai-time';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { ExportButton } from '../components/export-button';

type Grant = ResponseOf<'adminMemberGrants'>['list'][number];
type ReportRow = ResponseOf<'adminGrantReport'>['list'][number];
type Status = 'available' | 'paid' | 'expired' | 'revoked';
const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The report per Shanghai day and kind of grant, over a range of days. */
function GrantReportCard() {
  const [range, setRange] = useState({ from: shanghaiDay(-6), to: shanghaiDay() });
  const [draft, setDraft] = useState(range);
  const report = useAdminQuery('adminGrantReport', { query: range });
  return (
    <Card
      title="发放日报"
      extra={
        <Space>
          <Input
            type="date"
            aria-label="开始日期"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
          <Input
            type="date"
            aria-label="结束日期"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
          <Button onClick={() => setRange(draft)}>查询</Button>
          <ExportButton
            route="adminExportGrantReport"
            req={{ query: range }}
            fileName="grant-report.csv"
          />
        </Space>
      }
    >
      {report.error && <Alert type="error" title={errorText(report.error)} />}
      <Table<ReportRow>
        rowKey={(r) => `${r.day}-${r.kind}`}
        size="small"
        loading={report.isLoading}
        dataSource={report.data?.list}
        pagination={false}
        columns={[
          { title: '日期', dataIndex: 'day' },
          {
            title: '类型',
            dataIndex: 'kind',
            render: (k: string) => labelOf(GRANT_KIND_LABELS, k),
          },
          { title: '笔数', dataIndex: 'count' },
          { title: '金额（元）', dataIndex: 'amount' },
        ]}
      />
    </Card>
  );
}

/** One member's grants; one not yet claimed may be revoked, with a reason. */
function MemberGrantsCard() {
  const [input, setInput] = useState<number | null>(null);
  const [memberId, setMemberId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<Status | undefined>();
  const [kind, setKind] = useState<string | undefined>();
  const filters = { status, kind: kind as Grant['kind'] | undefined };
  const grants = useAdminQuery(
    'adminMemberGrants',
    {
      params: { memberId: memberId ?? 0 },
      query: { ...filters, page, pageSize: 20 },
    },
    { enabled: memberId !== null },
  );
  const revoke = useAdminMutation('adminGrantRevoke');
  const canRevoke = useCan('adminGrantRevoke');
  const canGrant = useCan('adminGrantCreate');
  const [granting, setGranting] = useState(false);
  const feedback = useActionFeedback();
  const [revoking, setRevoking] = useState<Grant | null>(null);
  const shown = memberId !== null;
  return (
    <Card
      title="会员优惠记录"
      extra={
        <Space>
          <InputNumber
            aria-label="会员编号"
            placeholder="会员编号"
            min={1}
            precision={0}
            value={input}
            onChange={(v) => setInput(v)}
          />
          <Button
            onClick={() => {
              setMemberId(input);
              setPage(1);
            }}
          >
            查询
          </Button>
          <Select
            aria-label="优惠状态"
            allowClear
            placeholder="全部状态"
            style={{ width: 120 }}
            options={options(GRANT_STATUS_LABELS)}
            value={status}
            onChange={(v?: Status) => {
              setStatus(v);
              setPage(1);
            }}
          />
          <Select
            aria-label="优惠类型"
            allowClear
            placeholder="全部类型"
            style={{ width: 140 }}
            options={options(GRANT_KIND_LABELS)}
            value={kind}
            onChange={(v?: string) => {
              setKind(v);
              setPage(1);
            }}
          />
          {canGrant && shown && <Button onClick={() => setGranting(true)}>人工发放</Button>}
          {/* The member's grants once one is asked for; every member's before; the filters too. */}
          <ExportButton
            route="adminExportGrants"
            req={{ query: { memberId: memberId ?? undefined, ...filters } }}
            fileName="grants.csv"
          />
        </Space>
      }
    >
      {shown && grants.error && <Alert type="error" title={errorText(grants.error)} />}
      <Table<Grant>
        rowKey="id"
        size="small"
        loading={shown && grants.isLoading}
        dataSource={shown ? grants.data?.list : []}
        pagination={{
          current: page,
          pageSize: 20,
          total: shown ? grants.data?.total : 0,
          onChange: setPage,
        }}
        columns={[
          { title: '编号', dataIndex: 'id' },
          {
            title: '类型',
            dataIndex: 'kind',
            render: (k: string) => labelOf(GRANT_KIND_LABELS, k),
          },
          { title: '名称', dataIndex: 'title' },
          { title: '金额（元）', dataIndex: 'amount' },
          { title: '流水倍数', dataIndex: 'turnoverMultiple' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: string) => <Tag>{labelOf(GRANT_STATUS_LABELS, s)}</Tag>,
          },
          { title: '发放时间', dataIndex: 'createdAt', render: formatTime },
          { title: '过期时间', dataIndex: 'expiresAt', render: formatTime },
          {
            title: '操作',
            render: (_, g) =>
              canRevoke &&
              g.status === 'available' && (
                <Button size="small" danger onClick={() => setRevoking(g)}>
                  撤销
                </Button>
              ),
          },
        ]}
      />
      {memberId !== null && (
        <ManualGrantModal open={granting} memberId={memberId} onClose={() => setGranting(false)} />
      )}
      <ReasonModal
        open={revoking !== null}
        title="撤销优惠"
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onOk={(reason) => {
          if (!revoking) return;
          revoke.mutate(
            { req: { params: { grantId: revoking.id }, body: { reason } } },
            {
              onSuccess: () => {
                setRevoking(null);
                feedback.done('已撤销');
              },
              onError: feedback.failed,
            },
          );
        }}
      />
    </Card>
  );
}

/** 福利发放: what the rewards paid per day and kind, and a member's grants with revoke. */
export function Page() {
  const canReport = useCan('adminGrantReport');
  const canMember = useCan('adminMemberGrants');
  return (
    <>
      <PageHeader title="福利发放" />
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {canReport && <GrantReportCard />}
        {canMember && <MemberGrantsCard />}
      </Space>
    </>
  );
}
