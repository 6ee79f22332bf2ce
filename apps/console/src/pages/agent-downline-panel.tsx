import { Alert, Button, Input, InputNumber, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { ExportButton } from '../components/export-button';
import { formatTime } from '../components/page-header';
import { useAdminQuery } from '../components/use-admin-query';

type Row = ResponseOf<'adminAgentDownline'>['list'][number];
type Scope = 'direct' | 'all';

/**
 * 下线: one agent's downline, direct or every level, by part of an account name, paged by the
 * server; the export takes the same agent and filters. Deposits to date, valid turnover this
 * Shanghai month, as the agent sees them on the member site.
 */
export function AgentDownlinePanel() {
  const [input, setInput] = useState<number | null>(null);
  const [agentId, setAgentId] = useState<number | null>(null);
  const [scope, setScope] = useState<Scope>('direct');
  const [q, setQ] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const filters = { scope, q };
  const downline = useAdminQuery(
    'adminAgentDownline',
    { params: { memberId: agentId ?? 0 }, query: { ...filters, page, pageSize: 20 } },
    { enabled: agentId !== null },
  );
  const shown = agentId !== null;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <InputNumber
          aria-label="代理会员编号"
          placeholder="代理会员编号"
          min={1}
          precision={0}
          value={input}
          onChange={(v) => setInput(v)}
        />
        <Button
          onClick={() => {
            setAgentId(input);
            setPage(1);
          }}
        >
          查询下线
        </Button>
        <Segmented<Scope>
          options={[
            { value: 'direct', label: '直属' },
            { value: 'all', label: '全部层级' },
          ]}
          value={scope}
          onChange={(v) => {
            setScope(v);
            setPage(1);
          }}
        />
        <Input.Search
          aria-label="下线账号搜索"
          placeholder="账号"
          allowClear
          maxLength={32}
          style={{ width: 160 }}
          onSearch={(v) => {
            setQ(v.trim() || undefined);
            setPage(1);
          }}
        />
        {shown && (
          <ExportButton
            route="adminExportAgentDownline"
            req={{ query: { agentId, ...filters } }}
            fileName="agent-downline.csv"
          />
        )}
      </Space>
      {shown && downline.error && <Alert type="error" title={errorText(downline.error)} />}
      <Table<Row>
        rowKey="memberId"
        size="small"
        loading={shown && downline.isLoading}
        dataSource={shown ? downline.data?.list : []}
        pagination={{
          current: page,
          pageSize: 20,
          total: shown ? downline.data?.total : 0,
          onChange: setPage,
        }}
        columns={[
          { title: '会员 ID', dataIndex: 'memberId' },
          { title: '账号', dataIndex: 'userName' },
          { title: '层级', dataIndex: 'depth' },
          {
            title: '代理',
            dataIndex: 'isAgent',
            render: (a: boolean) => (a ? <Tag>代理</Tag> : ''),
          },
          { title: '注册时间', dataIndex: 'registeredAt', render: formatTime },
          { title: '累计存款', dataIndex: 'deposits' },
          { title: '本月有效流水', dataIndex: 'validTurnover' },
          {
            title: '活跃',
            dataIndex: 'active',
            render: (a: boolean) => (a ? <Tag color="green">活跃</Tag> : <Tag>否</Tag>),
          },
        ]}
      />
    </>
  );
}
