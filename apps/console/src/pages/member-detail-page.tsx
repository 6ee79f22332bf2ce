import { Alert, App, Button, Card, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorText } from '../api/api-error';
import { AdjustForm } from '../components/adjust-form';
import { MemberDevices, MemberLogins, MemberNotes } from '../components/member-activity';
import { MemberGrants } from '../components/member-grants';
import { MemberLimits, MemberProfile } from '../components/member-profile';
import { MemberBets, MemberLedger } from '../components/member-records';
import { PageHeader } from '../components/page-header';
import { ReasonModal } from '../components/reason-modal';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';

type Action = 'block' | 'unblock' | 'sessions' | 'waive' | 'recall' | null;

const TITLES: Record<NonNullable<Action>, string> = {
  block: '冻结会员',
  unblock: '解冻会员',
  sessions: '结束全部会话（会员需重新登录）',
  waive: '免除流水要求',
  recall: '回收场馆余额',
};

/**
 * One member, all of it: profile, wallets, responsible gaming, the ledger, bets, logins,
 * devices, grants and notes (each server-paged with filters and a CSV export); and the actions
 * the operator may take (each asks for a reason).
 */
export function Page() {
  const memberId = Number(useParams().memberId);
  const { message } = App.useApp();
  const detail = useAdminQuery('adminMemberDetail', { params: { memberId } });
  const block = useAdminMutation('adminMemberBlock');
  const endSessions = useAdminMutation('adminMemberSessionsEnd');
  const waive = useAdminMutation('adminWaiveTurnover');
  const recall = useAdminMutation('adminMemberRecall');
  const [action, setAction] = useState<Action>(null);
  const can = {
    block: useCan('adminMemberBlock'),
    sessions: useCan('adminMemberSessionsEnd'),
    adjust: useCan('adminAdjust'),
    waive: useCan('adminWaiveTurnover'),
    recall: useCan('adminMemberRecall'),
    grants: useCan('adminMemberGrants'),
  };
  const member = detail.data?.member;
  const done = (text: string) => ({
    onSuccess: () => {
      setAction(null);
      void message.success(text);
    },
    onError: (err: Error) => void message.error(errorText(err)),
  });
  const act = (reason: string) => {
    const params = { memberId };
    if (action === 'block' || action === 'unblock')
      block.mutate(
        { req: { params, body: { blocked: action === 'block', reason } } },
        done(action === 'block' ? '已冻结' : '已解冻'),
      );
    if (action === 'sessions')
      endSessions.mutate({ req: { params, body: { reason } } }, done('已结束会员的全部会话'));
    if (action === 'waive')
      waive.mutate({ req: { params, body: { reason } } }, done('已免除流水要求'));
    if (action === 'recall')
      recall.mutate({ req: { params, body: { reason } } }, done('已发起回收'));
  };
  const tabs = [
    { key: 'ledger', label: '账变记录', children: <MemberLedger memberId={memberId} /> },
    { key: 'bets', label: '注单', children: <MemberBets memberId={memberId} /> },
    { key: 'logins', label: '登录记录', children: <MemberLogins memberId={memberId} /> },
    { key: 'devices', label: '设备', children: <MemberDevices memberId={memberId} /> },
    { key: 'notes', label: '备注', children: <MemberNotes memberId={memberId} /> },
  ];
  if (detail.data)
    tabs.push({
      key: 'limits',
      label: '负责任博彩',
      children: <MemberLimits memberId={memberId} detail={detail.data} />,
    });
  if (can.grants)
    tabs.push({
      key: 'grants',
      label: '奖励发放',
      children: <MemberGrants memberId={memberId} />,
    });
  return (
    <>
      <PageHeader
        title={`会员 ${member?.userName ?? memberId}`}
        extra={
          <Space>
            {can.block && member && (
              <Button
                danger={!member.blocked}
                onClick={() => setAction(member.blocked ? 'unblock' : 'block')}
              >
                {member.blocked ? '解冻' : '冻结'}
              </Button>
            )}
            {can.sessions && member && (
              <Button onClick={() => setAction('sessions')}>结束会话</Button>
            )}
            {can.waive && <Button onClick={() => setAction('waive')}>免除流水</Button>}
            {can.recall && <Button onClick={() => setAction('recall')}>回收场馆余额</Button>}
          </Space>
        }
      />
      {detail.error && <Alert type="error" title={errorText(detail.error)} />}
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {detail.isLoading && <Card loading />}
        {detail.data && <MemberProfile detail={detail.data} />}
        {can.adjust && (
          <Card title="人工调整余额">
            <AdjustForm memberId={memberId} />
          </Card>
        )}
        {detail.data && (
          <Card>
            <Tabs items={tabs} destroyOnHidden />
          </Card>
        )}
      </Space>
      <ReasonModal
        open={action !== null}
        title={TITLES[action ?? 'block']}
        onCancel={() => setAction(null)}
        onOk={act}
        busy={block.isPending || endSessions.isPending || waive.isPending || recall.isPending}
      />
    </>
  );
}
