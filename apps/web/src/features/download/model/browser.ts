/** Which add-to-home-screen guide fits this browser. */
export type BrowserKind = 'ios' | 'android' | 'wechat';

/** WeChat's and QQ's in-app browsers first: they cannot install and must hand over. */
export function browserKind(userAgent: string): BrowserKind {
  if (/MicroMessenger|\bQQ\/|MQQBrowser.*\bQQ\b|Weibo/i.test(userAgent)) return 'wechat';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  return 'android';
}
