import { Alert, App, Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { errorText } from '../api/api-error';
import { AdjustForm } from '../components/adjust-form';
import { formatTime, PageHeader } from '../components/page-header';
import { ReasonModal } from '../components/reason-modal';
import { columnsOf } from '../components/value-cell';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';

type Action = 'block' | 'unblock' | 'waive' | 'recall' | null;

/** One member: profile, limits and grants, and the actions the operator may take. */
export function Page() {
  const memberId = Number(useParams().memberId);
  const [search] = useSearchParams();
  const { message } = App.useApp();
  const userName = search.get('u') ?? '';
  const found = useAdminQuery('adminMembers', { query: { q: userName || undefined } });
  const member = found.data?.list.find((m) => m.memberId === memberId);
  const limits = useAdminQuery('adminMemberLimits', { params: { memberId } });
  const grants = useAdminQuery('adminMemberGrants', { params: { memberId }, query: {} });
  const block = useAdminMutation('adminMemberBlock');
  const waive = useAdminMutation('adminWaiveTurnover');
  const recall = useAdminMutation('adminMemberRecall');
  const [action, setAction] = useState<Action>(null);
  const canBlock = useCan('adminMemberBlock');
  const canAdjust = useCan('adminAdjust');
  const canWaive = useCan('adminWaiveTurnover');
  const canRecall = useCan('adminMemberRecall');
  const done = (text: string) => ({
    onSuccess: () => {
      setAction(null);
      void message.success(text);
    },
    onError: (err: Error) => void message.error(errorText(err)),
  });
  const act = (reason: string) => {
    if (action === 'block' || action === 'unblock')
      block.mutate(
        { req: { params: { memberId }, body: { blocked: action === 'block', reason } } },
        done(action === 'block' ? '已冻结' : '已解冻'),
      );
    if (action === 'waive')
      waive.mutate({ req: { params: { memberId }, body: { reason } } }, done('已免除流水要求'));
    if (action === 'recall')
      recall.mutate({ req: { params: { memberId }, body: { reason } } }, done('已发起回收'));
  };
  return (
    <>
      <PageHeader
        title={`会员 ${member?.userName ?? memberId}`}
        extra={
          <Space>
            {canBlock && member && (
              <Button
                danger={!member.blocked}
                onClick={() => setAction(member.blocked ? 'unblock' : 'block')}
              >
                {member.blocked ? '解冻' : '冻结'}
              </Button>
            )}
            {canWaive && <Button onClick={() => setAction('waive')}>免除流水</Button>}
            {canRecall && <Button onClick={() => setAction('recall')}>回收场馆余额</Button>}
          </Space>
        }
      />
      {found.error && <Alert type="error" title={errorText(found.error)} />}
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Card title="资料" loading={found.isLoading}>
          {member ? (
            <Descriptions column={3}>
              <Descriptions.Item label="ID">{member.memberId}</Descriptions.Item>
              <Descriptions.Item label="账号">{member.userName}</Descriptions.Item>
              <Descriptions.Item label="昵称">{member.nickname}</Descriptions.Item>
              <Descriptions.Item label="VIP">{member.vipLevel}</Descriptions.Item>
              <Descriptions.Item label="手机">{member.phoneMasked ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="实名">{member.realNameStatus}</Descriptions.Item>
              <Descriptions.Item label="状态">
                {member.blocked ? <Tag color="red">已冻结</Tag> : <Tag color="green">正常</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label="注册时间">
                {formatTime(member.registeredAt)}
              </Descriptions.Item>
              <Descriptions.Item label="最近登录">
                {formatTime(member.lastLoginAt)}
              </Descriptions.Item>
              <Descriptions.Item label="冷静期/自我排除">
                {member.playBreak ? JSON.stringify(member.playBreak) : '无'}
              </Descriptions.Item>
            </Descriptions>
          ) : (
            '未找到该会员'
          )}
        </Card>
        {canAdjust && (
          <Card title="人工调整余额">
            <AdjustForm memberId={memberId} />
          </Card>
        )}
        {limits.data && (
          <Card title="负责任博彩限额">
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
              {JSON.stringify(limits.data, null, 2)}
            </pre>
          </Card>
        )}
        {grants.data && (
          <Card title="奖励发放">
            <Table
              rowKey={(g) => JSON.stringify(g)}
              size="small"
              dataSource={grants.data.list}
              pagination={false}
              columns={columnsOf(grants.data.list, 6)}
            />
          </Card>
        )}
      </Space>
      <ReasonModal
        open={action !== null}
        title={
          { block: '冻结会员', unblock: '解冻会员', waive: '免除流水要求', recall: '回收场馆余额' }[
            action ?? 'block'
          ]
        }
        onCancel={() => setAction(null)}
        onOk={act}
        busy={block.isPending || waive.isPending || recall.isPending}
      />
    </>
  );
}
