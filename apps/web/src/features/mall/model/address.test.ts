import { describe, expect, it } from 'vitest';
import { addressProblems } from './address';

describe('addressProblems', () => {
  it('accepts a full address and names each bad field', () => {
    expect(
      addressProblems({ name: '张三', phone: '13800138000', address: '上海市浦东新区 1 号' }),
    ).toEqual({});
    expect(addressProblems({ name: '', phone: '1380013800', address: '上海' })).toEqual({
      name: true,
      phone: true,
      address: true,
    });
  });
});
