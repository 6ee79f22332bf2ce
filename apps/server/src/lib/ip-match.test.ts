import { describe, expect, it } from 'vitest';
import { cidrContains, parseCidr, parseIp } from './ip-match';

describe('ip matching', () => {
  it.each([
    ['10.0.0.0/8', '10.1.2.3', true],
    ['10.0.0.0/8', '11.0.0.1', false],
    ['203.0.113.7', '203.0.113.7', true],
    ['203.0.113.7/32', '203.0.113.8', false],
    ['0.0.0.0/0', '8.8.8.8', true],
    ['2001:db8::/32', '2001:db8:1::5', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['::1/128', '::1', true],
    ['192.0.2.0/24', '::ffff:192.0.2.9', true],
    ['2001:db8::/32', '192.0.2.1', false],
  ])('%s contains %s: %s', (cidr, ip, expected) => {
    const c = parseCidr(cidr);
    const p = parseIp(ip);
    expect(c && p ? cidrContains(c, p) : null).toBe(expected);
  });
  it.each(['1.2.3', '1.2.3.256', 'x', '1::2::3', ''])('refuses %s', (bad) => {
    expect(parseIp(bad)).toBeNull();
  });
  it('refuses a bad prefix', () => {
    expect(parseCidr('10.0.0.0/33')).toBeNull();
    expect(parseCidr('::/129')).toBeNull();
  });
});
