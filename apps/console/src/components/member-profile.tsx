import { Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { ResponseOf } from '../api/admin-routes';
import { MemberLimitModal, type LimitTarget } from './member-limit-form';
import { formatTime } from './page-header';
import { useAdminQuery, useCan } from './use-admin-query';

type Detail = ResponseOf<'adminMemberDetail'>;
type Venue = Detail['balances']['venues'][number];
type Limit = ResponseOf<'adminMemberLimits'>['list'][number];

const REAL_NAME: Record<string, [string, string]> = {
  none: ['未提交', 'default'],
  pending: ['待审核', 'gold'],
  approved: ['已认证', 'green'],
  rejected: ['已驳回', 'red'],
};
const BREAK_KIND: Record<string, string> = { timeout: '冷静期', selfExclusion: '自我排除' };
const LIMIT_KIND: Record<string, string> = {
  deposit: '存款限额',
  loss: '亏损限额',
  wager: '投注限额',
  time: '游戏时长（分钟）',
};
const PERIOD: Record<string, string> = { day: '每日', week: '每周', month: '每月' };

/** 资料, 实名, VIP and 钱包 (main and every venue) of one member. */
export function MemberProfile({ detail }: { detail: Detail }) {
  const { member, realName, vip, balances } = detail;
  const [rnLabel, rnColor] = REAL_NAME[realName.status] ?? [realName.status, 'default'];
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title="资料">
        <Descriptions column={3} size="small">
          <Descriptions.Item label="ID">{member.memberId}</Descriptions.Item>
          <Descriptions.Item label="账号">{member.userName}</Descriptions.Item>
          <Descriptions.Item label="昵称">{member.nickname}</Descriptions.Item>
          <Descriptions.Item label="手机">{member.phoneMasked ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="状态">
            {member.blocked ? <Tag color="red">已冻结</Tag> : <Tag color="green">正常</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="在线会话">{detail.liveSessions}</Descriptions.Item>
          <Descriptions.Item label="注册时间">{formatTime(member.registeredAt)}</Descriptions.Item>
          <Descriptions.Item label="最近登录">{formatTime(member.lastLoginAt)}</Descriptions.Item>
          <Descriptions.Item label="实名">
            <Tag color={rnColor}>{rnLabel}</Tag>
            {realName.realNameMasked ?? ''}
            {realName.reason ? `（${realName.reason}）` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="VIP">
            VIP{vip.level} {vip.name}
          </Descriptions.Item>
          <Descriptions.Item label="累计存款">{vip.deposits}</Descriptions.Item>
          <Descriptions.Item label="累计有效投注">{vip.turnover}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="钱包">
        <Descriptions column={4} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label="中心钱包">{balances.main}</Descriptions.Item>
          <Descriptions.Item label="冻结">{balances.locked}</Descriptions.Item>
          <Descriptions.Item label="金币">{balances.coin}</Descriptions.Item>
          <Descriptions.Item label="转账中">{balances.inFlight}</Descriptions.Item>
          <Descriptions.Item label="欠款暂扣">{balances.debtHeld}</Descriptions.Item>
          <Descriptions.Item label="合计">{balances.total}</Descriptions.Item>
        </Descriptions>
        <Table<Venue>
          rowKey="code"
          size="small"
          pagination={false}
          dataSource={balances.venues}
          columns={[
            { title: '场馆', render: (_, v) => `${v.name}（${v.code}）` },
            { title: '余额', dataIndex: 'balance' },
            { title: '同步时间', dataIndex: 'syncedAt', render: formatTime },
            { title: '转入中', dataIndex: 'pendingIn' },
            { title: '转出中', dataIndex: 'pendingOut' },
            { title: '欠款', dataIndex: 'debt' },
          ]}
        />
      </Card>
    </Space>
  );
}

/**
 * 负责任博彩: the break running now and every limit with a loosening that waits; an operator
 * with `rg.manage` may set or lower each (never raise: the server refuses, 9213).
 */
export function MemberLimits({ memberId, detail }: { memberId: number; detail: Detail }) {
  const { member } = detail;
  const limits = useAdminQuery('adminMemberLimits', { params: { memberId } });
  const canSet = useCan('adminMemberLimitSet');
  const [target, setTarget] = useState<LimitTarget | null>(null);
  return (
    <>
      <p>
        冷静期/自我排除：
        {member.playBreak
          ? `${BREAK_KIND[member.playBreak.kind] ?? member.playBreak.kind}，${formatTime(
              member.playBreak.startedAt,
            )} 至 ${formatTime(member.playBreak.endsAt)}`
          : '无'}
      </p>
      {limits.data && (
        <Table<Limit>
          rowKey={(l) => `${l.kind}-${l.period}`}
          size="small"
          pagination={false}
          dataSource={limits.data.list}
          columns={[
            { title: '限额', dataIndex: 'kind', render: (k: string) => LIMIT_KIND[k] ?? k },
            { title: '周期', dataIndex: 'period', render: (p: string) => PERIOD[p] ?? p },
            { title: '额度', dataIndex: 'amount', render: (a: string | null) => a ?? '未设置' },
            {
              title: '待生效的放宽',
              render: (_, l) =>
                l.request
                  ? `${l.request.amount ?? '取消限额'}（${formatTime(l.request.confirmableAt)} 起可确认）`
                  : '—',
            },
            ...(canSet
              ? [
                  {
                    title: '操作',
                    render: (_: unknown, l: Limit) => {
                      const label = `${PERIOD[l.period] ?? l.period}${LIMIT_KIND[l.kind] ?? l.kind}`;
                      return (
                        <Button
                          size="small"
                          aria-label={`设定${label}`}
                          onClick={() => setTarget({ ...l, label })}
                        >
                          {l.amount === null ? '设定' : '降低'}
                        </Button>
                      );
                    },
                  },
                ]
              : []),
          ]}
        />
      )}
      {target && (
        <MemberLimitModal memberId={memberId} target={target} onClose={() => setTarget(null)} />
      )}
    </>
  );
}
