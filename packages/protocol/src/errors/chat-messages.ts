/**
 * The Chinese messages of the chat codes (9100–9199): the chat's websocket errors carry a code
 * only, so the chat client maps them itself (`codes.ts` spreads them into `errorMessages`).
 */
export const chatMessages = {
  9100: '聊天服务异常，请稍后重试',
  9101: '请先登录聊天室',
  9102: '您已被禁言',
  9103: '您的 VIP 等级暂不能在该聊天室发言',
  9104: '聊天室已关闭',
  9105: '发言过于频繁，请稍后再试',
  9106: '消息内容过长',
  9107: '消息格式错误',
  9108: '不支持的消息类型',
  9109: '余额不足，无法赠送礼物',
  9110: '聊天室不存在',
  9111: '消息包含违规内容，已被屏蔽',
  9112: '您尚未进入该聊天室',
  9113: '聊天室维护中，请稍后再试',
  9114: '礼物不存在',
  9115: '请求标识已用于其他请求',
  9116: '该注单不存在或不可分享',
} as const;
