import { Alert, App, Button, Card, InputNumber, Space, Table } from 'antd';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { useState } from 'react';
import type { ResponseOf } from '../api/admin-routes';
import { ApiError, errorText } from '../api/api-error';
import { ExportButton } from '../components/export-button';
import { formatTime } from '../components/page-header';
import { ReasonModal } from '../components/reason-modal';
import { useStepUpRetry } from '../components/step-up-retry';
import { useAdminQuery, useCan } from '../components/use-admin-query';
import { useConsole } from '../session/console-context';

type Debt = ResponseOf<'adminVenueDebts'>['list'][number];

/**
 * Members' venue debts held back from withdrawal (contract §6), on the transfers page, paged,
 * by member; the export takes the same member. Shown only to an operator who may list them.
 * Writing a debt off frees money for withdrawal: it needs a fresh money step-up, and above the
 * four-eyes threshold it is filed for a second operator (待复核) instead of done at once.
 */
export function VenueDebtsPanel() {
  const can = useCan('adminVenueDebts');
  const canWriteOff = useCan('adminVenueDebtWriteOff');
  const { call } = useConsole();
  const { message } = App.useApp();
  const stepUp = useStepUpRetry('adminVenueDebtWriteOff');
  const [memberId, setMemberId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const [writing, setWriting] = useState<Debt | null>(null);
  const [busy, setBusy] = useState(false);
  const debts = useAdminQuery('adminVenueDebts', { query: { memberId, page, pageSize: 20 } });
  if (!can) return null;
  const writeOff = async (d: Debt, reason: string) => {
    setBusy(true);
    const write = async () => {
      try {
        await call('adminVenueDebtWriteOff', {
          params: { memberId: d.memberId, code: d.venueCode },
          body: { reason },
        });
        void message.success(`已核销 ${d.held} 元`);
      } catch (err) {
        // Filed for a second operator: information, not a failure.
        if (!(err instanceof ApiError && err.code === ErrorCode.ApprovalPending)) throw err;
        void message.info(`待复核：${errorText(err)}`);
      }
    };
    await stepUp.run(write, () => setWriting(null));
    setBusy(false);
  };
  return (
    <Card
      title="会员场馆欠款"
      style={{ marginTop: 16 }}
      extra={
        <Space>
          <InputNumber<number>
            aria-label="欠款会员编号"
            placeholder="会员编号"
            min={1}
            value={memberId ?? null}
            onChange={(v) => {
              setMemberId(v ?? undefined);
              setPage(1);
            }}
          />
          <ExportButton
            route="adminExportVenueDebts"
            req={{ query: { memberId } }}
            fileName="venue-debts.csv"
          />
        </Space>
      }
    >
      {debts.error && <Alert type="error" title={errorText(debts.error)} />}
      <Table<Debt>
        rowKey={(d) => `${d.memberId}:${d.venueCode}`}
        size="small"
        loading={debts.isLoading}
        dataSource={debts.data?.list}
        pagination={{ current: page, pageSize: 20, total: debts.data?.total, onChange: setPage }}
        columns={[
          { title: '会员 ID', dataIndex: 'memberId' },
          { title: '账号', dataIndex: 'userName' },
          { title: '场馆', dataIndex: 'venueName' },
          { title: '欠款', dataIndex: 'debt' },
          { title: '已核销', dataIndex: 'writtenOff' },
          { title: '暂扣', dataIndex: 'held' },
          { title: '同步时间', dataIndex: 'syncedAt', render: formatTime },
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, d) =>
              canWriteOff && Number(d.held) > 0 ? (
                <Button size="small" danger onClick={() => setWriting(d)}>
                  核销
                </Button>
              ) : null,
          },
        ]}
      />
      <ReasonModal
        open={writing !== null}
        title={`核销欠款 ${writing?.userName ?? ''} · ${writing?.venueName ?? ''} · ${writing?.held ?? ''} 元`}
        busy={busy}
        onCancel={() => setWriting(null)}
        onOk={(reason) => writing && void writeOff(writing, reason)}
      />
      {stepUp.dialog}
    </Card>
  );
}
