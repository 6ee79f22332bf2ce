import { Alert, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { ExportButton } from '../components/export-button';
import { formatTime, PageHeader } from '../components/page-header';
import { useAdminQuery } from '../components/use-admin-query';

type Member = ResponseOf<'adminMembers'>['list'][number];

export function Page() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const members = useAdminQuery('adminMembers', { query: { q: q || undefined, page, pageSize } });
  return (
    <>
      <PageHeader
        title="会员"
        extra={
          <Space>
            <Input.Search
              placeholder="账号 / 昵称 / 手机"
              allowClear
              enterButton="搜索"
              style={{ width: 320 }}
              onSearch={(v) => {
                setQ(v.trim());
                setPage(1);
              }}
            />
            <ExportButton
              route="adminExportMembers"
              req={{ query: { q: q || undefined } }}
              fileName="members.csv"
            />
          </Space>
        }
      />
      {members.error && <Alert type="error" title={errorText(members.error)} />}
      <Table<Member>
        rowKey="memberId"
        loading={members.isLoading}
        dataSource={members.data?.list}
        pagination={{
          current: page,
          pageSize,
          total: members.data?.total,
          showSizeChanger: true,
          onChange: (p, s) => {
            setPage(p);
            setPageSize(s);
          },
        }}
        columns={[
          { title: 'ID', dataIndex: 'memberId', width: 90 },
          {
            title: '账号',
            dataIndex: 'userName',
            render: (v: string, m) => (
              <Link to={`/members/${m.memberId}?u=${encodeURIComponent(v)}`}>{v}</Link>
            ),
          },
          { title: '昵称', dataIndex: 'nickname' },
          { title: 'VIP', dataIndex: 'vipLevel', width: 70 },
          { title: '手机', dataIndex: 'phoneMasked', render: (v: string | null) => v ?? '—' },
          {
            title: '状态',
            render: (_, m) =>
              m.blocked ? <Tag color="red">已冻结</Tag> : <Tag color="green">正常</Tag>,
          },
          { title: '注册时间', dataIndex: 'registeredAt', render: formatTime },
          { title: '最近登录', dataIndex: 'lastLoginAt', render: formatTime },
        ]}
      />
    </>
  );
}
