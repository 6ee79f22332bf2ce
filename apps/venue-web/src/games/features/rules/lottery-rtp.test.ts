import { describe, expect, it } from 'vitest';
import { PK10_PAYTABLE_V1 } from '@nebula/protocol/venue/games/pk10-paytable';
import { SSC_PAYTABLE_V1 } from '@nebula/protocol/venue/games/ssc-paytable';
import { pk10RtpRows, sscRtpRows } from './lottery-rtp';

/** RTP in hundredths of a percent from a probability written as a fraction and decimal odds. */
const bp = (num: number, den: number, odds: number) => Math.round((num / den) * odds * 10_000);

describe('the return of every PK10 and 时时彩 bet, by enumeration', () => {
  it('PK10: the 90 ordered pairs of the two positions a bet reads', () => {
    const rows = pk10RtpRows(PK10_PAYTABLE_V1);
    const at = (t: string, pick = '') =>
      rows.find((r) => r.betType === t && (pick === '' || r.pick === pick))!;
    expect(at('position').rtpBp).toBe(bp(1, 10, 9.7));
    expect(at('pos_big').rtpBp).toBe(bp(1, 2, 1.94));
    expect(at('dragon').rtpBp).toBe(bp(1, 2, 1.94));
    expect(at('gy_big')).toMatchObject({ wins: 40, outOf: 90, rtpBp: bp(40, 90, 2.18) });
    expect(at('gy_small')).toMatchObject({ wins: 50, rtpBp: bp(50, 90, 1.74) });
    // 冠亚和 3 is 1+2 or 2+1; 11 is ten ordered pairs.
    expect(at('gy_sum', '3')).toMatchObject({ wins: 2, rtpBp: bp(2, 90, 43.65) });
    expect(at('gy_sum', '11')).toMatchObject({ wins: 10, rtpBp: bp(10, 90, 8.73) });
    expect(rows.filter((r) => r.betType === 'gy_sum')).toHaveLength(17);
  });

  it('时时彩: all 10^5 draws', () => {
    const rows = sscRtpRows(SSC_PAYTABLE_V1);
    const at = (t: string, pick = '') => rows.find((r) => r.betType === t && r.pick === pick)!;
    expect(at('position', '1:0').rtpBp).toBe(bp(1, 10, 9.7));
    expect(at('sum_big').rtpBp).toBe(bp(1, 2, 1.94));
    expect(at('dragon').rtpBp).toBe(bp(45, 100, 2.15));
    expect(at('tie').rtpBp).toBe(bp(10, 100, 9.7));
    expect(at('front3', 'leopard').rtpBp).toBe(bp(10, 1000, 97));
    expect(at('front3', 'straight').rtpBp).toBe(bp(60, 1000, 16.16));
    expect(at('front3', 'pair').rtpBp).toBe(bp(270, 1000, 3.59));
    expect(at('front3', 'half_straight').rtpBp).toBe(bp(360, 1000, 2.69));
    expect(at('front3', 'mixed').rtpBp).toBe(bp(300, 1000, 3.23));
  });
});
