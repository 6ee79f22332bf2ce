import type { Statement } from '@nebula/protocol/api/responsible-gaming/responsible-gaming.schemas';
import { describe, expect, it } from 'vitest';
import { statementCsv, type CsvLabels } from './statement-csv';

const labels: CsvLabels = {
  item: '项目',
  amount: '金额',
  deposits: '存款',
  withdrawals: '取款',
  netDeposits: '净存款',
  lifetime: '累计净存款',
  family: '类型',
  bets: '笔数',
  stakes: '投注',
  payouts: '派彩',
  net: '输赢',
  total: '合计',
  familyName: (code) => (code === 'TY' ? '体育, 足球' : code),
};
const statement: Statement = {
  month: '2031-01',
  months: ['2031-01'],
  deposits: '1000.00',
  withdrawals: '200.00',
  netDeposits: '800.00',
  families: [
    { family: 'TY', bets: 2, stakes: '150.00', payouts: '95.00', net: '-55.00' },
    { family: 'ZR', bets: 1, stakes: '40.00', payouts: '0.00', net: '-40.00' },
  ],
  stakes: '190.00',
  payouts: '95.00',
  net: '-95.00',
  lifetimeNetDeposits: '800.00',
};

describe('statement CSV', () => {
  it('writes the wire amounts as they are, a row per family and the total, quoting as needed', () => {
    const csv = statementCsv(statement, labels);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      '项目,金额',
      '存款,1000.00',
      '取款,200.00',
      '净存款,800.00',
      '累计净存款,800.00',
      '',
      '类型,笔数,投注,派彩,输赢',
      '"体育, 足球",2,150.00,95.00,-55.00',
      'ZR,1,40.00,0.00,-40.00',
      '合计,3,190.00,95.00,-95.00',
      '',
    ]);
  });
});
