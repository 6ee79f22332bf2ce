import { Alert, Table } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { AdminChatShieldFilter } from '@nebula/protocol/api/chat/chat-admin.schemas';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { ExportButton } from '../components/export-button';
import { formatTime } from '../components/page-header';
import { useAdminQuery } from '../components/use-admin-query';
import { ListFilterBar, pagination } from '../components/list-filter-bar';

type Shield = ResponseOf<'adminChatShields'>['list'][number];

/**
 * Members shielded by other members (the shielder no longer sees the shielded one's
 * messages). Read only: a shield is the member's own choice, lifted only by that member.
 */
export function ChatShieldsPanel() {
  const [filter, setFilter] = useState<z.output<typeof AdminChatShieldFilter>>({});
  const [page, setPage] = useState(1);
  const list = useAdminQuery('adminChatShields', { query: { ...filter, page, pageSize: 20 } });
  return (
    <>
      <ListFilterBar
        schema={AdminChatShieldFilter}
        fields={[
          { name: 'memberId', label: '屏蔽者 ID', message: '请输入会员 ID' },
          { name: 'shieldedId', label: '被屏蔽者 ID', message: '请输入会员 ID' },
        ]}
        onChange={(f) => {
          setFilter(f);
          setPage(1);
        }}
        extra={
          <ExportButton
            route="adminExportChatShields"
            req={{ query: filter }}
            fileName="chat-shields.csv"
          />
        }
      />
      {list.error && <Alert type="error" title={errorText(list.error)} />}
      <Table<Shield>
        rowKey={(s) => `${s.memberId}:${s.shieldedId}`}
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list}
        pagination={pagination(page, list.data?.total, setPage)}
        columns={[
          { title: '屏蔽者 ID', dataIndex: 'memberId' },
          { title: '屏蔽者', dataIndex: 'userName' },
          { title: '被屏蔽者 ID', dataIndex: 'shieldedId' },
          { title: '被屏蔽者', dataIndex: 'shieldedUserName' },
          {
            title: '屏蔽时间',
            dataIndex: 'createdAt',
            render: (t: string) => formatTime(Date.parse(t)),
          },
        ]}
      />
    </>
  );
}
