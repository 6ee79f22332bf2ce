import { Alert, App, Button, DatePicker, Form, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { downloadCsv } from '../api/csv-download';
import { useConsole } from '../session/console-context';
import { PageHeader } from '../components/page-header';
import { useAdminQuery, useCan } from '../components/use-admin-query';

type Row = ResponseOf<'adminReport'>['days'][number];
const DAY = 'YYYY-MM-DD';

/** Shanghai days: deposits, withdrawals, stakes, payouts, GGR and NGR, members; CSV export. */
export function Page() {
  const { session } = useConsole();
  const { message } = App.useApp();
  const today = dayjs().format(DAY);
  const [range, setRange] = useState({ from: dayjs().subtract(6, 'day').format(DAY), to: today });
  const report = useAdminQuery('adminReport', { query: range });
  const canExport = useCan('adminExportReport');
  const [busy, setBusy] = useState(false);
  const exportCsv = async (view: 'days' | 'venues') => {
    setBusy(true);
    try {
      await downloadCsv(
        'adminExportReport',
        { query: { ...range, view } },
        session?.token ?? null,
        `report-${range.from}-${range.to}-${view}.csv`,
      );
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeader
        title="报表"
        extra={
          <Space>
            <Form layout="inline">
              <Form.Item label="日期">
                <DatePicker.RangePicker
                  value={[dayjs(range.from), dayjs(range.to)]}
                  allowClear={false}
                  onChange={(v) => {
                    const [a, b] = (v ?? []) as [Dayjs | null, Dayjs | null];
                    if (a && b) setRange({ from: a.format(DAY), to: b.format(DAY) });
                  }}
                />
              </Form.Item>
            </Form>
            {canExport && (
              <>
                <Button onClick={() => void exportCsv('days')} loading={busy}>
                  导出 CSV（按日）
                </Button>
                <Button onClick={() => void exportCsv('venues')} loading={busy}>
                  导出 CSV（按场馆）
                </Button>
              </>
            )}
          </Space>
        }
      />
      {report.error && <Alert type="error" title={errorText(report.error)} />}
      <Table<Row>
        rowKey="date"
        size="small"
        loading={report.isLoading}
        dataSource={report.data?.days}
        pagination={false}
        scroll={{ x: 1100 }}
        columns={[
          { title: '日期', dataIndex: 'date', fixed: 'left' },
          { title: '存款', dataIndex: 'deposits' },
          { title: '存款笔数', dataIndex: 'depositCount' },
          { title: '取款', dataIndex: 'withdrawals' },
          { title: '取款笔数', dataIndex: 'withdrawCount' },
          { title: '注单', dataIndex: 'bets' },
          { title: '投注额', dataIndex: 'stakes' },
          { title: '派彩', dataIndex: 'payouts' },
          { title: 'GGR', dataIndex: 'ggr' },
          { title: '红利', dataIndex: 'bonuses' },
          { title: 'NGR', dataIndex: 'ngr' },
          { title: '新会员', dataIndex: 'newMembers' },
          { title: '活跃会员', dataIndex: 'activeMembers' },
        ]}
        summary={() =>
          report.data && (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
              {(
                [
                  'deposits',
                  'depositCount',
                  'withdrawals',
                  'withdrawCount',
                  'bets',
                  'stakes',
                  'payouts',
                  'ggr',
                  'bonuses',
                  'ngr',
                  'newMembers',
                  'activeMembers',
                ] as const
              ).map((k, i) => (
                <Table.Summary.Cell key={k} index={i + 1}>
                  {report.data.total[k]}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          )
        }
      />
    </>
  );
}
