import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ODDS_EUROPE_MILLI_MAX,
  ODDS_EUROPE_MILLI_MIN,
  OddsError,
  OddsType,
  convertOddsMilli,
  displayToEuropeMilli,
  divRoundHalfAwayFromZero,
  europeMilliToDisplay,
  europeToHongkong,
  formatOddsMilli,
  fromEuropeMilli,
  hongkongToEurope,
  hongkongToIndonesia,
  hongkongToMalay,
  indonesiaToHongkong,
  isOddsType,
  isValidOddsMilli,
  malayToHongkong,
  oddsDisplayDecimals,
  parseOddsMilli,
  toEuropeMilli,
} from './odds';

const { Malay, Hongkong, Europe, Indonesia } = OddsType;
const allTypes = [Malay, Hongkong, Europe, Indonesia] as const;
const europe = fc.integer({ min: ODDS_EUROPE_MILLI_MIN, max: ODDS_EUROPE_MILLI_MAX });

describe('OddsType', () => {
  it('has the contract §8.2 values', () => {
    expect(OddsType).toEqual({ Malay: 1, Hongkong: 2, Europe: 3, Indonesia: 4 });
  });
  it.each([
    [1, true],
    [4, true],
    [0, false],
    [5, false],
    ['3', false],
    [2.5, false],
  ])('isOddsType(%s) = %s', (value, expected) => {
    expect(isOddsType(value)).toBe(expected);
  });
  it.each([
    [Malay, 3],
    [Hongkong, 2],
    [Europe, 2],
    [Indonesia, 3],
  ] as const)('type %i shows %i decimals', (type, decimals) => {
    expect(oddsDisplayDecimals(type)).toBe(decimals);
  });
});

describe('divRoundHalfAwayFromZero', () => {
  it.each([
    [5, 2, 3],
    [-5, 2, -3],
    [5, -2, -3],
    [-5, -2, 3],
    [4, 3, 1],
    [-4, 3, -1],
    [2, 4, 1],
    [1, 3, 0],
    [-1, 3, 0],
    [0, 7, 0],
    [1_000_000, 3, 333_333],
    [1_000_000, 3200, 313],
  ])('%i / %i → %i', (num, den, expected) => {
    expect(Object.is(divRoundHalfAwayFromZero(num, den), expected)).toBe(true);
  });
  it.each([
    [1, 0],
    [1.5, 2],
    [2, Number.NaN],
  ])('refuses %s / %s', (num, den) => {
    expect(() => divRoundHalfAwayFromZero(num, den)).toThrow(RangeError);
  });
});

describe('known values', () => {
  // [EU, HK, Malay, Indonesia] in milli, then the displays.
  it.each([
    [1500, 500, 500, -2000, ['0.500', '0.50', '1.50', '-2.000']],
    [2500, 1500, -667, 1500, ['-0.667', '1.50', '2.50', '1.500']],
    [2000, 1000, 1000, 1000, ['1.000', '1.00', '2.00', '1.000']],
    [1950, 950, 950, -1053, ['0.950', '0.95', '1.95', '-1.053']],
    [3000, 2000, -500, 2000, ['-0.500', '2.00', '3.00', '2.000']],
    [1800, 800, 800, -1250, ['0.800', '0.80', '1.80', '-1.250']],
    // 10^6 / 3200 = 312.5 and 10^6 / 640 = 1562.5: halves round away from zero.
    [4200, 3200, -313, 3200, ['-0.313', '3.20', '4.20', '3.200']],
    [1640, 640, 640, -1563, ['0.640', '0.64', '1.64', '-1.563']],
    [1001, 1, 1, -1_000_000, ['0.001', '0.00', '1.00', '-1000.000']],
    [1_001_000, 1_000_000, -1, 1_000_000, ['-0.001', '1000.00', '1001.00', '1000.000']],
  ] as const)('EU %i ⇄ HK %i ⇄ MY %i ⇄ ID %i', (eu, hk, my, id, displays) => {
    expect(europeToHongkong(eu)).toBe(hk);
    expect(hongkongToEurope(hk)).toBe(eu);
    expect(hongkongToMalay(hk)).toBe(my);
    expect(hongkongToIndonesia(hk)).toBe(id);
    expect(fromEuropeMilli(eu, Europe)).toBe(eu);
    expect(fromEuropeMilli(eu, Hongkong)).toBe(hk);
    expect(fromEuropeMilli(eu, Malay)).toBe(my);
    expect(fromEuropeMilli(eu, Indonesia)).toBe(id);
    allTypes.forEach((type, i) => expect(europeMilliToDisplay(eu, type)).toBe(displays[i]));
  });

  it.each([
    // Both edges of HK 1 (EU 2.00): Malay ±1 and Indonesia ±1 are the same odds.
    [Malay, 1000, 2000],
    [Malay, -1000, 2000],
    [Indonesia, 1000, 2000],
    [Indonesia, -1000, 2000],
    // Reciprocal branch, rounded: 10^6/667 = 1499.25, 10^6/313 = 3194.9, 10^6/1053 = 949.7.
    [Malay, -667, 2499],
    [Malay, -313, 4195],
    [Malay, -500, 3000],
    [Indonesia, -2000, 1500],
    [Indonesia, -1053, 1950],
    [Indonesia, 1500, 2500],
    [Hongkong, 500, 1500],
    [Europe, 1950, 1950],
  ] as const)('type %i, %i → EU %i', (type, milli, eu) => {
    expect(toEuropeMilli(milli, type)).toBe(eu);
  });

  it.each([
    ['0.50', Malay, 1500],
    ['-0.667', Malay, 2499],
    ['-1', Malay, 2000],
    ['1.50', Hongkong, 2500],
    ['1.95', Europe, 1950],
    ['1.955', Europe, 1955],
    ['-2.00', Indonesia, 1500],
    ['1.5', Indonesia, 2500],
  ] as const)('displayToEuropeMilli(%s, %i) = %i', (text, type, eu) => {
    expect(displayToEuropeMilli(text, type)).toBe(eu);
  });

  it('converts between any two types through the canonical form', () => {
    expect(convertOddsMilli(-667, Malay, Indonesia)).toBe(1499);
    expect(convertOddsMilli(-2000, Indonesia, Malay)).toBe(500);
    expect(convertOddsMilli(1500, Hongkong, Malay)).toBe(-667);
    expect(convertOddsMilli(2500, Europe, Hongkong)).toBe(1500);
  });
});

describe('domain', () => {
  it.each([
    [() => europeToHongkong(1000)],
    [() => europeToHongkong(ODDS_EUROPE_MILLI_MAX + 1)],
    [() => fromEuropeMilli(1500.5, Europe)],
    [() => hongkongToEurope(0)],
    [() => hongkongToMalay(-5)],
    [() => malayToHongkong(0)],
    [() => malayToHongkong(1001)],
    [() => malayToHongkong(-1001)],
    [() => indonesiaToHongkong(999)],
    [() => indonesiaToHongkong(-999)],
    [() => indonesiaToHongkong(0)],
    [() => indonesiaToHongkong(-1_000_001)],
    [() => displayToEuropeMilli('-0.5', Europe)],
    [() => displayToEuropeMilli('1.00', Europe)],
    [() => displayToEuropeMilli('0.5', Indonesia)],
  ])('refuses out-of-domain odds %#', (call) => {
    expect(call).toThrow(OddsError);
  });

  it.each([
    [1500, Europe, true],
    [1000, Europe, false],
    [-500, Malay, true],
    [0, Malay, false],
    [-999, Indonesia, false],
    [1, Hongkong, true],
  ] as const)('isValidOddsMilli(%i, %i) = %s', (milli, type, expected) => {
    expect(isValidOddsMilli(milli, type)).toBe(expected);
  });
});

describe('odds text', () => {
  it.each([
    [1955, 2, '1.96'],
    [-1955, 2, '-1.96'],
    [-4, 2, '0.00'],
    [5, 3, '0.005'],
    [-5, 3, '-0.005'],
    [1_000_000, 3, '1000.000'],
    [0, 3, '0.000'],
  ] as const)('formatOddsMilli(%i, %i) = %s', (milli, decimals, text) => {
    expect(formatOddsMilli(milli, decimals)).toBe(text);
  });

  it.each([
    ['1.95', 1950],
    ['1.955', 1955],
    ['-0.667', -667],
    ['2', 2000],
    ['0.5', 500],
    ['-1000.000', -1_000_000],
  ])('parseOddsMilli(%s) = %i', (text, milli) => {
    expect(parseOddsMilli(text)).toBe(milli);
  });

  it.each(['', '-', '1.2345', '+1.5', '1e3', ' 1.5', '1.5 ', '01.5', '.5', '1.', '1,5', 'abc'])(
    'parseOddsMilli refuses %j',
    (text) => {
      expect(() => parseOddsMilli(text)).toThrow(OddsError);
    },
  );
});

describe('properties', () => {
  it('Europe ⇄ Hongkong is exact both ways', () => {
    fc.assert(
      fc.property(europe, (eu) => {
        const hk = fromEuropeMilli(eu, Hongkong);
        expect(toEuropeMilli(hk, Hongkong)).toBe(eu);
        expect(fromEuropeMilli(toEuropeMilli(hk, Hongkong), Hongkong)).toBe(hk);
        expect(toEuropeMilli(eu, Europe)).toBe(eu);
      }),
    );
  });

  it('Malay → Europe → Malay is within 1 thousandth (exact on the positive branch)', () => {
    const malay = fc.oneof(fc.integer({ min: -999, max: -1 }), fc.integer({ min: 1, max: 1000 }));
    fc.assert(
      fc.property(malay, (my) => {
        const back = fromEuropeMilli(toEuropeMilli(my, Malay), Malay);
        if (my > 0) expect(back).toBe(my);
        else expect(Math.abs(back - my)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('Europe → Indonesia → Europe is within 1 thousandth (exact from HK 1 up)', () => {
    fc.assert(
      fc.property(europe, (eu) => {
        const back = toEuropeMilli(fromEuropeMilli(eu, Indonesia), Indonesia);
        if (eu >= 2000) expect(back).toBe(eu);
        else expect(Math.abs(back - eu)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('a reciprocal round trip drifts at most 1/2 + x²/10^6 thousandths', () => {
    // A 3-place reciprocal of a large value carries few significant digits: HK 30.001 is
    // Malay −0.033, which reads back as HK 30.303. The bound documents that precision.
    fc.assert(
      fc.property(europe, fc.constantFrom(Malay, Indonesia), (eu, type) => {
        const hk = europeToHongkong(eu);
        const back = europeToHongkong(toEuropeMilli(fromEuropeMilli(eu, type), type));
        expect(Math.abs(back - hk)).toBeLessThanOrEqual(0.5 + (hk * hk) / 1e6);
      }),
    );
  });

  it('displays of hundredth-priced odds read back exactly in Europe and Hongkong', () => {
    const priced = fc.integer({ min: 101, max: 100_100 }).map((centi) => centi * 10);
    fc.assert(
      fc.property(priced, fc.constantFrom(Europe, Hongkong), (eu, type) => {
        expect(displayToEuropeMilli(europeMilliToDisplay(eu, type), type)).toBe(eu);
      }),
    );
  });

  it('Malay and Indonesia displays carry their milli value exactly', () => {
    fc.assert(
      fc.property(europe, fc.constantFrom(Malay, Indonesia), (eu, type) => {
        const milli = fromEuropeMilli(eu, type);
        expect(parseOddsMilli(europeMilliToDisplay(eu, type))).toBe(milli);
        expect(displayToEuropeMilli(europeMilliToDisplay(eu, type), type)).toBe(
          toEuropeMilli(milli, type),
        );
      }),
    );
  });

  it('converting to the same type and through any type agrees with the canonical form', () => {
    fc.assert(
      fc.property(europe, fc.constantFrom(...allTypes), (eu, type) => {
        const milli = fromEuropeMilli(eu, type);
        expect(convertOddsMilli(eu, Europe, type)).toBe(milli);
        expect(convertOddsMilli(milli, type, type)).toBe(
          fromEuropeMilli(toEuropeMilli(milli, type), type),
        );
        expect(isValidOddsMilli(milli, type)).toBe(true);
      }),
    );
  });
});
