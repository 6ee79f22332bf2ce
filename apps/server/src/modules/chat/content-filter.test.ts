import { describe, expect, it } from 'vitest';
import { filterContent } from './content-filter';

describe('chat content filter', () => {
  it.each([
    ['加我看看 https://evil.example', 'link'],
    ['上 www.abc.com 充值', 'link'],
    ['点 xyz123.top 领奖', 'link'],
    ['客服电话 138 0013 8000', 'phone'],
    ['电话：１３８００１３８０００', 'phone'],
    ['加QQ 12345678', 'contact'],
    ['加微信: kefu_888', 'contact'],
    ['vx：abc12345 私聊', 'contact'],
  ])('%s → %s', (text, reason) => {
    expect(filterContent(text, [])).toBe(reason);
  });
  it('blocked words, however they are spaced or cased', () => {
    expect(filterContent('这是 刷 单 活动', ['刷单'])).toBe('blocked');
    expect(filterContent('SCAM here', ['scam'])).toBe('blocked');
  });
  it.each(['今晚曼联必胜！', '2:1 比分不错', '第 3 节打得好', '加油 666'])('passes %s', (text) => {
    expect(filterContent(text, ['刷单'])).toBeNull();
  });
});
