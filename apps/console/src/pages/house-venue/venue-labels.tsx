import { Descriptions } from 'antd';
import { formatTime } from '../../components/page-header';
import { valueText } from '../../components/value-cell';

/** Chinese names of the fields the venue's operator answers carry (contract §6, §10.10). */
export const FIELD_LABELS: Record<string, string> = {
  marginBp: '抽水（基点）',
  minStake: '最低投注（元）',
  maxStake: '最高投注（元）',
  maxPayout: '单注最高派彩（元）',
  maxPlayerMarketPayout: '玩家单盘口最高派彩（元）',
  selectionLiability: '单选项风险上限（元）',
  gameCode: '游戏代码',
  name: '名称',
  status: '状态',
  roundsLeft: '剩余期数',
  chainId: '种子链',
  chainIndex: '链上序号',
  length: '链长度',
  commitment: '承诺值',
  publishedAt: '发布时间',
  roundNo: '期号',
  opensAt: '开盘时间',
  sealAt: '封盘时间',
  drawAt: '开奖时间',
  paytableHash: '赔率表哈希',
  seed: '种子',
  outcome: '开奖结果',
  voided: '作废原因',
  unitPrice: '单价（元）',
  maxMultiple: '最高倍数',
  maxStakePerBet: '单注最高（元）',
  maxStakePerRound: '单期最高（元）',
  maxPicksPerSlip: '单张最多选项',
  liabilityCap: '风险上限（元）',
  eventId: '赛事 ID',
  marketKey: '盘口',
  betId: '注单号',
  held: '已暂停',
  balance: '余额（元）',
  debt: '欠款（元）',
  writtenOff: '已核销（元）',
  version: '版本',
  stake: '投注（元）',
  potentialReturn: '可赢（元）',
  payout: '派彩（元）',
  result: '结果',
  legs: '项数',
  placedAt: '下注时间',
  settledAt: '结算时间',
};

/** The venue's status words in Chinese (games, rounds and bets). */
export const STATUS_LABELS: Record<string, string> = {
  open: '开启',
  closed: '关闭',
  pending: '确认中',
  refused: '已拒绝',
  settled: '已结算',
  voided: '已作废',
  drawn: '已开奖',
  sealed: '已封盘',
  won: '赢',
  lost: '输',
  half_won: '赢半',
  half_lost: '输半',
  push: '走水',
  void: '作废',
  missed_seal: '未按时封盘',
  operator: '运营作废',
};

const TIME_FIELDS = new Set([
  'publishedAt',
  'opensAt',
  'sealAt',
  'drawAt',
  'at',
  'placedAt',
  'settledAt',
]);

/** One field's value as the operator reads it: times in Shanghai, statuses in Chinese. */
export function fieldText(key: string, v: unknown): string {
  if (TIME_FIELDS.has(key) && typeof v === 'number') return formatTime(v);
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'string' && (key === 'status' || key === 'result' || key === 'voided'))
    return STATUS_LABELS[v] ?? v;
  if (Array.isArray(v))
    return v.every((x) => typeof x !== 'object') ? v.join(', ') : `${v.length} 项`;
  // A nested record (a score, say) as its own label–value pairs, never as JSON.
  if (v !== null && typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${FIELD_LABELS[k] ?? k}：${fieldText(k, x)}`)
      .join('；');
  return valueText(v);
}

/** An answer in one line (`赛事 ID：E1；版本：3`), for a write's confirmation. */
export function answerSummary(answer: unknown): string {
  return answer !== null && typeof answer === 'object' ? fieldText('', answer) : valueText(answer);
}

/**
 * An answer of the venue as label–value rows: the calls whose answer the protocol passes on
 * unmodelled (a game's status, a round, a published chain) still read as fields, never JSON.
 */
export function AnswerDescriptions({ answer, title }: { answer: unknown; title?: string }) {
  if (answer === null || typeof answer !== 'object') return null;
  const entries = Object.entries(answer as Record<string, unknown>);
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      title={title}
      style={{ marginTop: 16 }}
      items={entries.map(([k, v]) => ({
        key: k,
        label: FIELD_LABELS[k] ?? k,
        children: fieldText(k, v),
      }))}
    />
  );
}
