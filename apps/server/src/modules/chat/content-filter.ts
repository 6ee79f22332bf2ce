/**
 * The chat's first defence against fake "customer service" scams: messages carrying links,
 * phone numbers, QQ or WeChat ids or an operator's blocked words are shielded (not delivered)
 * and the sender is told why.
 */
function normalize(text: string): string {
  // Full-width letters and digits (ａ, ０) read as ASCII; spacing tricks are dropped.
  return text
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000·•_\-.。，,]+/g, '')
    .toLowerCase();
}

const LINK =
  /(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|net|org|cn|cc|top|xyz|vip|me|io|app|site|info|co)\b)/i;
const PHONE = /(?:\+?86)?1[3-9]\d{9}|\d{3,4}-?\d{7,8}/;
const QQ = /(qq|扣扣|企鹅)[:：]?\d{5,11}|\d{7,11}/;
const WECHAT = /(wx|vx|v信|微信|weixin|wechat|薇信|威信)[:：]?[a-z][-_a-z0-9]{4,19}/;

export type FilterReason = 'link' | 'phone' | 'contact' | 'blocked';

export function filterContent(content: string, blocked: string[]): FilterReason | null {
  if (LINK.test(content)) return 'link';
  const flat = normalize(content);
  if (PHONE.test(flat)) return 'phone';
  if (QQ.test(flat) || WECHAT.test(flat)) return 'contact';
  for (const word of blocked) if (word && flat.includes(normalize(word))) return 'blocked';
  return null;
}

export const FILTER_REASONS: Record<FilterReason, string> = {
  link: '消息含有链接，已被屏蔽',
  phone: '消息含有电话号码，已被屏蔽',
  contact: '消息含有 QQ / 微信等联系方式，已被屏蔽',
  blocked: '消息含有违禁词，已被屏蔽',
};
