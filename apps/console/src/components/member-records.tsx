import { DatePicker, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { RequestOf, ResponseOf } from '../api/admin-routes';
import { ExportButton } from './export-button';
import { formatTime } from './page-header';
import { useAdminQuery } from './use-admin-query';

type Entry = ResponseOf<'adminMemberLedger'>['list'][number];
type Bet = ResponseOf<'adminMemberBets'>['list'][number];
type LedgerQuery = NonNullable<RequestOf<'adminMemberLedger'>['query']>;
type BetQuery = NonNullable<RequestOf<'adminMemberBets'>['query']>;
type Range = { from?: string; to?: string };

const DAY = 'YYYY-MM-DD';
const RECORD_TYPES: Record<NonNullable<LedgerQuery['type']>, string> = {
  deposit: '存款',
  withdraw: '取款',
  withdrawRefund: '取款退回',
  adjust: '人工调整',
  coinBuy: '购买金币',
  transferIn: '转入场馆',
  transferOut: '转出场馆',
  transferRefund: '转账退回',
  bonus: '优惠',
  gift: '礼物',
  bet: '投注',
  payout: '派彩',
};
const BET_STATUS: Record<NonNullable<BetQuery['status']>, [string, string]> = {
  open: ['未结算', 'blue'],
  won: ['赢', 'green'],
  lost: ['输', 'red'],
  half_won: ['赢半', 'green'],
  half_lost: ['输半', 'red'],
  push: ['走盘', 'default'],
  void: ['作废', 'default'],
};

/** A Shanghai-day range picker that reports `from`/`to` as the protocol's date strings. */
export function DayRange({ onChange }: { onChange: (r: Range) => void }) {
  return (
    <DatePicker.RangePicker
      onChange={(v) => {
        const [a, b] = (v ?? []) as [Dayjs | null, Dayjs | null];
        onChange(a && b ? { from: a.format(DAY), to: b.format(DAY) } : {});
      }}
    />
  );
}

export const paging = (
  data: { total: number } | undefined,
  page: number,
  setPage: (p: number) => void,
) => ({ current: page, pageSize: 20, total: data?.total, onChange: setPage });

/** 账变记录: the member's main or coin ledger, server-paged, by kind and Shanghai day; CSV. */
export function MemberLedger({ memberId }: { memberId: number }) {
  const [asset, setAsset] = useState<'CNY' | 'COIN'>('CNY');
  const [type, setType] = useState<LedgerQuery['type']>();
  const [range, setRange] = useState<Range>({});
  const [page, setPage] = useState(1);
  const ledger = useAdminQuery('adminMemberLedger', {
    params: { memberId },
    query: { asset, type, ...range, page, pageSize: 20 },
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="账户"
          style={{ width: 120 }}
          value={asset}
          onChange={(v: 'CNY' | 'COIN') => {
            setAsset(v);
            setPage(1);
          }}
          options={[
            { value: 'CNY', label: '中心钱包' },
            { value: 'COIN', label: '金币' },
          ]}
        />
        <Select
          aria-label="类型"
          allowClear
          placeholder="全部类型"
          style={{ width: 140 }}
          value={type}
          onChange={(v: LedgerQuery['type']) => {
            setType(v);
            setPage(1);
          }}
          options={Object.entries(RECORD_TYPES).map(([value, label]) => ({ value, label }))}
        />
        <DayRange
          onChange={(r) => {
            setRange(r);
            setPage(1);
          }}
        />
        <ExportButton
          route="adminExportMemberLedger"
          req={{ query: { memberId, asset, type, ...range } }}
          fileName={`member-${memberId}-ledger.csv`}
        />
      </Space>
      <Table<Entry>
        rowKey="id"
        size="small"
        loading={ledger.isLoading}
        dataSource={ledger.data?.list}
        pagination={paging(ledger.data, page, setPage)}
        columns={[
          { title: '时间', dataIndex: 'time', render: formatTime, width: 180 },
          {
            title: '类型',
            dataIndex: 'type',
            render: (t: string) => RECORD_TYPES[t as keyof typeof RECORD_TYPES] ?? t,
          },
          { title: '金额', dataIndex: 'amount' },
          { title: '余额', dataIndex: 'balanceAfter' },
          { title: '说明', dataIndex: 'memo', ellipsis: true },
          { title: '参考号', dataIndex: 'reference', ellipsis: true },
        ]}
      />
    </>
  );
}

/** 注单: the platform's copies of the member's bets, with totals for the filter. */
export function MemberBets({ memberId }: { memberId: number }) {
  const [status, setStatus] = useState<BetQuery['status']>();
  const [range, setRange] = useState<Range>({});
  const [page, setPage] = useState(1);
  const bets = useAdminQuery('adminMemberBets', {
    params: { memberId },
    query: { status, ...range, page, pageSize: 20 },
  });
  const t = bets.data?.totals;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="注单状态"
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={status}
          onChange={(v: BetQuery['status']) => {
            setStatus(v);
            setPage(1);
          }}
          options={Object.entries(BET_STATUS).map(([value, [label]]) => ({ value, label }))}
        />
        <DayRange
          onChange={(r) => {
            setRange(r);
            setPage(1);
          }}
        />
        <ExportButton
          route="adminExportMemberBets"
          req={{ query: { memberId, status, ...range } }}
          fileName={`member-${memberId}-bets.csv`}
        />
        {t && (
          <Typography.Text type="secondary">
            共 {t.count} 笔，投注 {t.stake}，派彩 {t.payout}，输赢 {t.winLoss}，有效投注{' '}
            {t.validTurnover}
          </Typography.Text>
        )}
      </Space>
      <Table<Bet>
        rowKey={(b) => `${b.venueCode}:${b.betId}`}
        size="small"
        loading={bets.isLoading}
        dataSource={bets.data?.list}
        pagination={paging(bets.data, page, setPage)}
        columns={[
          { title: '下注时间', dataIndex: 'placedAt', render: formatTime, width: 180 },
          { title: '场馆', dataIndex: 'venueName' },
          { title: '注单号', dataIndex: 'betId', ellipsis: true },
          {
            title: '内容',
            render: (_, b) => b.legs.map((l) => `${l.match} ${l.selection}`).join('；'),
            ellipsis: true,
          },
          { title: '投注额', dataIndex: 'stake' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: keyof typeof BET_STATUS) => {
              const [label, color] = BET_STATUS[s] ?? [s, 'default'];
              return <Tag color={color}>{label}</Tag>;
            },
          },
          { title: '输赢', dataIndex: 'winLoss', render: (v: string | null) => v ?? '—' },
        ]}
      />
    </>
  );
}
