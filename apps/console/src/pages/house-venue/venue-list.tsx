import { Alert, Button, Form, Space, Table, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import type { RequestOf, ResponseOf } from '../../api/admin-routes';
import { errorText } from '../../api/api-error';
import { ExportButton } from '../../components/export-button';
import { useAdminQuery } from '../../components/use-admin-query';

/** The venue's lists through the proxy, each with its CSV export (contract §6 "Lists"). */
export const VENUE_LISTS = {
  houseVenueBetList: 'houseVenueExportBets',
  houseVenueEventList: 'houseVenueExportEvents',
  houseVenueRoundList: 'houseVenueExportRounds',
  houseVenueAuditList: 'houseVenueExportAudit',
  houseVenuePlayerList: 'houseVenueExportPlayers',
  houseVenueDailyReportList: 'houseVenueExportDailyReports',
  houseVenueGameCatalogList: 'houseVenueExportGames',
} as const;
type ListRoute = keyof typeof VENUE_LISTS;
type ExportRoute = (typeof VENUE_LISTS)[ListRoute];
type Filters<K extends ListRoute> = NonNullable<RequestOf<(typeof VENUE_LISTS)[K]>['query']>;
type Row<K extends ListRoute> = ResponseOf<K>['list'][number];

/** A filter form's values with blanks dropped and texts trimmed (a blank is no filter). */
function filled(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    const t = typeof v === 'string' ? v.trim() : v;
    if (t !== undefined && t !== null && t !== '') out[k] = t;
  }
  return out;
}

/**
 * One venue list: a filter bar (its fields are the caller's `Form.Item`s), the export of what
 * the filters select, and a table the venue pages (page and size sent, the venue's count
 * shown). A new filter goes back to page 1.
 */
export function VenueList<K extends ListRoute>(props: {
  route: K;
  name: string;
  fileName: string;
  fields: ReactNode;
  columns: TableColumnsType<Row<K>>;
  rowKey: (row: Row<K>) => string;
  expandable?: (row: Row<K>) => ReactNode;
  /** The filters the list opens with (a report's days), also the form's first values. */
  initial?: Record<string, string>;
}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [filters, setFilters] = useState<Filters<K>>((props.initial ?? {}) as Filters<K>);
  const body = { ...(filters as object), page, pageSize } as RequestOf<K>['body'];
  const list = useAdminQuery(props.route, { body } as RequestOf<K>);
  const exportRoute: ExportRoute = VENUE_LISTS[props.route];
  const data = list.data;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Form
          name={props.name}
          layout="inline"
          initialValues={props.initial}
          onFinish={(v: Record<string, unknown>) => {
            setFilters(filled(v) as Filters<K>);
            setPage(1);
          }}
        >
          {props.fields}
          <Button htmlType="submit">筛选</Button>
        </Form>
        <ExportButton route={exportRoute} req={{ query: filters }} fileName={props.fileName} />
      </Space>
      {list.error && <Alert type="error" title={errorText(list.error)} />}
      <Table<Row<K>>
        size="small"
        rowKey={props.rowKey}
        loading={list.isFetching}
        dataSource={data?.list ?? []}
        columns={props.columns}
        {...(props.expandable
          ? { expandable: { expandedRowRender: props.expandable, rowExpandable: () => true } }
          : {})}
        pagination={{
          current: page,
          pageSize,
          total: data?.total ?? 0,
          pageSizeOptions: [20, 50, 100, 200],
          showSizeChanger: true,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (p, s) => {
            setPage(s === pageSize ? p : 1);
            setPageSize(s);
          },
        }}
      />
    </>
  );
}
