import { Alert, Table } from 'antd';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { ExportButton } from '../components/export-button';
import { formatTime, PageHeader } from '../components/page-header';
import { useAdminQuery } from '../components/use-admin-query';

type Entry = ResponseOf<'adminSelfExclusionList'>['list'][number];

const KIND: Record<Entry['kind'], string> = { userName: '用户名', phone: '手机号' };

/**
 * The self-exclusion register (identities refused registration), as the server lists it, with
 * its export. Read-only here: adding and removing stay on their audited routes.
 */
export function Page() {
  const list = useAdminQuery('adminSelfExclusionList', {});
  return (
    <>
      <PageHeader
        title="自我排除登记"
        extra={
          <ExportButton
            route="adminExportSelfExclusion"
            req={{ query: {} }}
            fileName="self-exclusion-register.csv"
          />
        }
      />
      {list.error && <Alert type="error" title={errorText(list.error)} />}
      <Table<Entry>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list}
        columns={[
          { title: '编号', dataIndex: 'id' },
          { title: '类型', dataIndex: 'kind', render: (k: Entry['kind']) => KIND[k] },
          { title: '登记值', dataIndex: 'value' },
          { title: '原因', dataIndex: 'reason' },
          { title: '登记人', dataIndex: 'addedBy' },
          { title: '登记时间', dataIndex: 'addedAt', render: formatTime },
        ]}
      />
    </>
  );
}
