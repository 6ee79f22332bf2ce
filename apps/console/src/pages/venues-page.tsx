import { Alert, App, Switch, Table, Tag } from 'antd';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { PageHeader } from '../components/page-header';
import { ExportButton } from '../components/export-button';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';

type Venue = ResponseOf<'adminVenues'>['list'][number];

/** The venue registry with its maintenance switch. */
export function Page() {
  const venues = useAdminQuery('adminVenues', {});
  const update = useAdminMutation('adminVenueUpdate');
  const canUpdate = useCan('adminVenueUpdate');
  const { message } = App.useApp();
  return (
    <>
      <PageHeader
        title="场馆"
        extra={<ExportButton route="adminExportVenues" req={{ query: {} }} fileName="venues.csv" />}
      />
      {venues.error && <Alert type="error" title={errorText(venues.error)} />}
      <Table<Venue>
        rowKey="code"
        loading={venues.isLoading}
        dataSource={venues.data?.list}
        pagination={false}
        columns={[
          { title: '代码', dataIndex: 'code' },
          { title: '名称', dataIndex: 'name' },
          { title: '类别', dataIndex: 'family' },
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
        ]}
      />
    </>
  );
}
