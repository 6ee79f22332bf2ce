import { Alert, App, Button, Input, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { PageHeader } from '../components/page-header';
import { ExportButton } from '../components/export-button';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { pagination } from '../components/list-filter-bar';
import { VenueCreateModal } from './venue-create-form';
import { FAMILY_OPTIONS, VenueFamilySwitches } from './venue-family-switches';

type Venue = ResponseOf<'adminVenues'>['list'][number];
const familyText = (f: string) => FAMILY_OPTIONS.find((o) => o.value === f)?.label ?? f;

/** The list's filters (the export sends the same ones). */
interface VenueFilters {
  family?: Venue['family'] | undefined;
  status?: Venue['status'] | undefined;
  q?: string | undefined;
}

/**
 * The venue registry: the family switches, each venue's maintenance switch, new venues and the
 * order the member site shows them in. Paged and filtered on the server (family, state, part
 * of the code or name); the export takes the same filters. A reorder sends the whole
 * registry's order, which every page of the list carries.
 */
export function Page() {
  const [filters, setFilters] = useState<VenueFilters>({});
  const [page, setPage] = useState(1);
  const venues = useAdminQuery('adminVenues', { query: { ...filters, page, pageSize: 20 } });
  const update = useAdminMutation('adminVenueUpdate');
  const sort = useAdminMutation('adminVenueSort');
  const canUpdate = useCan('adminVenueUpdate');
  const canCreate = useCan('adminVenueCreate');
  const canSort = useCan('adminVenueSort');
  const { message } = App.useApp();
  const [creating, setCreating] = useState(false);
  const order = venues.data?.order ?? [];
  const filter = (patch: VenueFilters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  /** Moves a venue one place in the whole registry's order and sends that order. */
  const move = (v: Venue, by: -1 | 1) => {
    const codes = [...order];
    const i = codes.indexOf(v.code);
    const j = i + by;
    if (i < 0 || j < 0 || j >= codes.length) return;
    [codes[i], codes[j]] = [codes[j]!, codes[i]!];
    sort.mutate(
      { req: { body: { codes } } },
      {
        onSuccess: () => void message.success('已调整排序'),
        onError: (err) => void message.error(errorText(err)),
      },
    );
  };
  return (
    <>
      <PageHeader
        title="场馆"
        extra={
          <Space wrap>
            <Input.Search
              aria-label="场馆搜索"
              placeholder="代码或名称"
              allowClear
              style={{ width: 180 }}
              maxLength={40}
              onSearch={(v) => filter({ q: v.trim() || undefined })}
            />
            <Select
              aria-label="按类别筛选"
              allowClear
              placeholder="全部类别"
              style={{ width: 120 }}
              options={FAMILY_OPTIONS}
              value={filters.family}
              onChange={(family?: Venue['family']) => filter({ family })}
            />
            <Select
              aria-label="按状态筛选"
              allowClear
              placeholder="全部状态"
              style={{ width: 120 }}
              options={[
                { value: 'open', label: '开放' },
                { value: 'maintenance', label: '维护中' },
              ]}
              value={filters.status}
              onChange={(status?: Venue['status']) => filter({ status })}
            />
            {canCreate && <Button onClick={() => setCreating(true)}>新增场馆</Button>}
            <ExportButton
              route="adminExportVenues"
              req={{ query: filters }}
              fileName="venues.csv"
            />
          </Space>
        }
      />
      <VenueFamilySwitches />
      {venues.error && <Alert type="error" title={errorText(venues.error)} />}
      <Table<Venue>
        rowKey="code"
        loading={venues.isLoading}
        dataSource={venues.data?.list}
        pagination={pagination(page, venues.data?.total, setPage)}
        columns={[
          { title: '代码', dataIndex: 'code' },
          { title: '名称', dataIndex: 'name' },
          { title: '类别', dataIndex: 'family', render: familyText },
          { title: '排序', dataIndex: 'sort' },
          {
            title: '密钥',
            dataIndex: 'secretConfigured',
            render: (v: boolean) => (v ? <Tag color="green">已配置</Tag> : <Tag>未配置</Tag>),
          },
          {
            title: '维护中',
            render: (_, v) => (
              <Switch
                aria-label={`${v.name} 维护`}
                checked={v.status === 'maintenance'}
                disabled={!canUpdate}
                loading={update.isPending && update.variables?.req.params.code === v.code}
                onChange={(on) =>
                  update.mutate(
                    {
                      req: {
                        params: { code: v.code },
                        body: { status: on ? 'maintenance' : 'open' },
                      },
                    },
                    {
                      onSuccess: () => void message.success(on ? '已进入维护' : '已恢复开放'),
                      onError: (err) => void message.error(errorText(err)),
                    },
                  )
                }
              />
            ),
          },
          ...(canSort
            ? [
                {
                  title: '顺序',
                  key: 'order',
                  render: (_: unknown, v: Venue) => (
                    <Space size="small">
                      <Button
                        size="small"
                        aria-label={`${v.name} 上移`}
                        disabled={sort.isPending || order[0] === v.code}
                        onClick={() => move(v, -1)}
                      >
                        上移
                      </Button>
                      <Button
                        size="small"
                        aria-label={`${v.name} 下移`}
                        disabled={sort.isPending || order.at(-1) === v.code}
                        onClick={() => move(v, 1)}
                      >
                        下移
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <VenueCreateModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
