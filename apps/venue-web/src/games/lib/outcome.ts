/**
 * How a lottery outcome reads, by game (docs/contract.md §10.7): 快3 three dice, PK10 the ten
 * cars in finishing order (冠军 first), 时时彩 five digits 万 千 百 十 个. Pure, so the lobby, the
 * bet pages, 开奖记录 and 公平验证 say the same thing about the same round.
 */
export type OutcomeKind = 'dice' | 'cars' | 'digits';

export function outcomeKind(gameCode: string, outcome?: readonly number[]): OutcomeKind {
  if (gameCode === 'JSPK10') return 'cars';
  if (gameCode === 'JSSSC') return 'digits';
  if (gameCode === 'JSK3') return 'dice';
  // A game this page does not know by name: its outcome's length tells.
  if (outcome?.length === 10) return 'cars';
  if (outcome?.length === 5) return 'digits';
  return 'dice';
}

/** The positions of an outcome, as the 走势图 and the boards name them. */
export function positionNames(kind: OutcomeKind): readonly string[] {
  switch (kind) {
    case 'dice':
      return ['第一骰', '第二骰', '第三骰'];
    case 'cars':
      return [
        '冠军',
        '亚军',
        '第三名',
        '第四名',
        '第五名',
        '第六名',
        '第七名',
        '第八名',
        '第九名',
        '第十名',
      ];
    case 'digits':
      return ['万位', '千位', '百位', '十位', '个位'];
  }
}

/** The values a position can show. */
export function positionValues(kind: OutcomeKind): number[] {
  switch (kind) {
    case 'dice':
      return [1, 2, 3, 4, 5, 6];
    case 'cars':
      return [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    case 'digits':
      return [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  }
}

/**
 * The line under an outcome: 快3 和值 and 大小单双 (a triple is 豹子); PK10 冠亚和 with its 大小单双
 * (大 ≥ 12) and 龙虎 of positions 1–5; 时时彩 总和 with 大小单双 (大 23–45) and 龙虎和.
 */
export function outcomeSummary(kind: OutcomeKind, o: readonly number[]): string {
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  const oe = (n: number) => (n % 2 === 1 ? '单' : '双');
  switch (kind) {
    case 'dice': {
      const s = sum(o);
      if (o.length === 3 && o[0] === o[1] && o[1] === o[2]) return `和值 ${s} · 豹子`;
      return `和值 ${s} · ${s >= 11 ? '大' : '小'} ${oe(s)}`;
    }
    case 'cars': {
      const gy = (o[0] ?? 0) + (o[1] ?? 0);
      const dt = [0, 1, 2, 3, 4].map((i) => ((o[i] ?? 0) > (o[9 - i] ?? 0) ? '龙' : '虎'));
      return `冠亚和 ${gy} · ${gy >= 12 ? '大' : '小'} ${oe(gy)} · ${dt.join('')}`;
    }
    case 'digits': {
      const s = sum(o);
      const a = o[0] ?? 0;
      const b = o[4] ?? 0;
      const dt = a > b ? '龙' : a < b ? '虎' : '和';
      return `总和 ${s} · ${s >= 23 ? '大' : '小'} ${oe(s)} · ${dt}`;
    }
  }
}
