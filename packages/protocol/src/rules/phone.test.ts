import { describe, expect, it } from 'vitest';
import { formatPhoneDisplay, maskPhone } from './phone';

describe('maskPhone', () => {
  it.each([
    ['13800138000', '13*******00'],
    ['12345', '12*45'],
    ['123456', '12**56'],
    ['+8613800138000', '+8**********00'],
    ['1234', '****'],
    ['123', '***'],
    ['1', '*'],
    ['', ''],
    ['电话号码很长', '电话**很长'],
    ['😀😀123😀😀', '😀😀***😀😀'],
  ])('%j → %j', (input, masked) => {
    expect(maskPhone(input)).toBe(masked);
    expect(Array.from(maskPhone(input))).toHaveLength(Array.from(input).length);
  });
});

describe('formatPhoneDisplay', () => {
  it.each([
    ['13800138000', undefined, '(+86)13800138000'],
    ['13800138000', '86', '(+86)13800138000'],
    ['91234567', '852', '(+852)91234567'],
    ['91234567', '+852', '(+852)91234567'],
    ['91234567', '', '(+86)91234567'],
    [' 13800138000 ', ' 86 ', '(+86)13800138000'],
  ])('(%j, %j) → %s', (number, countryCode, expected) => {
    expect(formatPhoneDisplay(number, countryCode)).toBe(expected);
  });
});
