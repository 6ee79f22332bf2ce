import { Alert, Button, Descriptions, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { useConsole } from '../session/console-context';
import { formatTime, PageHeader } from '../components/page-header';
import { Panel } from '../components/panel';

type Result = ResponseOf<'adminAuditVerify'>;

const PROBLEMS: Record<string, string> = {
  hash: '内容与哈希不符（记录被改动）',
  link: '与上一条的链接断开',
  gap: '序号缺失（记录被删除）',
  checkpoint: '与签名检查点不符',
  signature: '检查点签名无效',
  missing: '检查点对应的记录不存在',
};

/** Walks the audit chain on demand and names the first broken row and each checkpoint's state. */
export function Page() {
  const { call } = useConsole();
  const verify = useQuery<Result>({
    queryKey: ['adminAuditVerify'],
    queryFn: () => call('adminAuditVerify', {}),
    enabled: false,
  });
  const r = verify.data;
  return (
    <>
      <PageHeader
        title="审计链校验"
        extra={
          <Button type="primary" loading={verify.isFetching} onClick={() => void verify.refetch()}>
            开始校验
          </Button>
        }
      />
      {verify.error && <Alert type="error" title={errorText(verify.error)} />}
      {r && (
        <Panel>
          <Alert
            data-testid="audit-verify-verdict"
            type={r.ok ? 'success' : 'error'}
            title={
              r.ok
                ? `审计链完整：共 ${r.rows} 条记录`
                : `审计链在第 ${r.firstBroken?.seq} 条断开：${PROBLEMS[r.firstBroken?.problem ?? ''] ?? r.firstBroken?.problem}`
            }
            style={{ marginBottom: 16 }}
          />
          <Descriptions column={2}>
            <Descriptions.Item label="记录数">{r.rows}</Descriptions.Item>
            <Descriptions.Item label="校验时间">{formatTime(r.checkedAt)}</Descriptions.Item>
            <Descriptions.Item label="链头序号">{r.head?.seq ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="链头哈希">
              <code>{r.head?.hash ?? '—'}</code>
            </Descriptions.Item>
          </Descriptions>
          <Table
            rowKey="seq"
            size="small"
            pagination={false}
            dataSource={r.checkpoints}
            locale={{ emptyText: '暂无检查点（每小时写入一次）' }}
            columns={[
              { title: '检查点序号', dataIndex: 'seq' },
              { title: '写入时间', dataIndex: 'at', render: formatTime },
              {
                title: '结果',
                render: (_, c) =>
                  c.ok ? (
                    <Tag color="green">一致</Tag>
                  ) : (
                    <Tag color="red">{PROBLEMS[c.problem ?? ''] ?? c.problem}</Tag>
                  ),
              },
            ]}
          />
        </Panel>
      )}
    </>
  );
}
