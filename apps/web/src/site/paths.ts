/** In-site paths (contract §8.1) shared by the shell, the session rules and the features. */
export const HOME_PATH = '/';
export const STOP_SERVICE_PATH = '/other/stopService';
export const MAINTENANCE_PATH = '/other/maintenance';
export const LOGIN_PATH = '/user/login';
export const REGISTER_PATH = '/user/register';
export const PASSWORD_RESET_PATH = '/user/password';
export const REGISTER_GUIDE_PATH = '/registerGuide';
export const MINE_PATH = '/mine';
export const USER_INFO_PATH = '/mine/userInfo';
/** `?open=` value that opens the fund-password form on the profile page. */
export const FUND_PASSWORD_SHEET = 'fundPassword';
/** The profile page with the fund-password form open. */
export const fundPasswordFormPath = (): string => `${USER_INFO_PATH}?open=${FUND_PASSWORD_SHEET}`;
export const AUTHENTICATION_PATH = '/mine/userInfo/authentication';
export const INFO_AUDIT_PATH = '/mine/infoAudit';
/** The security centre (accounts issue); not in contract §8.1's list, which predates it. */
export const SECURITY_PATH = '/mine/security';
export const DEPOSIT_PATH = '/mine/finance/deposit';
export const WITHDRAWAL_PATH = '/mine/finance/withdrawal';
export const WALLET_PATH = '/mine/finance/wallet';
export const BALANCE_PATH = '/mine/balance';
export const AUDIT_PATH = '/mine/audit';
export const CURRENCY_PATH = '/mine/currency';
export const TRANS_RECORD_PATH = '/mine/record/transRecord';
export const CURRENCY_RECORD_PATH = '/mine/record/currencyRecord';
export const INTRO_TUTORIAL_PATH = '/mine/finance/introTutorial';
export const PLATFORM_TUTORIALS_PATH = '/mine/finance/introTutorial/platformTutorials';
/** Deposit limits (responsible gambling, wallet issue); not in contract §8.1's list, which predates it. */
export const DEPOSIT_LIMIT_PATH = '/mine/depositLimit';
/** Time-out and self-exclusion (responsible gambling); not in contract §8.1's list, which predates it. */
export const PLAY_BREAK_PATH = '/mine/playBreak';
/** Loss, wager and play-time limits (responsible gambling, contract §5), beside the deposit limits. */
export const PLAY_LIMITS_PATH = '/mine/playLimits';
/** Monthly statements (responsible gambling, contract §5); not in contract §8.1's list, which predates it. */
export const STATEMENT_PATH = '/mine/statement';
/** The chat room (issue "Chat"): the lobby; `/chat/:roomId` for the others. */
export const CHAT_PATH = '/chat';
/** The sandbox gateway's hosted pay page (`payUrl` of an online deposit). */
export const SANDBOX_PAY_PATH = '/pay/sandbox/:orderId';
/** Transfers main ↔ venue, and the member's bets (the venues issue). */
export const TRANSFER_PATH = '/mine/finance/transfer';
export const BET_RECORD_PATH = '/mine/record/betRecord';
/** Rewards (contract §5 Rewards): VIP, 自助返水, 福利记录, 礼物记录. */
export const VIP_PATH = '/mine/vip';
export const VIP_DETAILS_PATH = '/mine/vip/details';
export const REBATE_PATH = '/mine/rebate';
export const WELFARE_RECORD_PATH = '/mine/record/welfare';
export const GIFT_RECORD_PATH = '/mine/record/giftRecord';
/** 幸运翻牌 and the friend activities (contract §5 Rewards). */
export const LUCKY_FLIP_PATH = '/activity/luckyFlip';
export const FRIEND_INVITATION_PATH = '/activity/friendInvitation';
export const FRIEND_PEAK_BET_PATH = '/activity/friendPeakBet';
/** Activities (contract §5 Activities): the 优惠 tab's list (public) and the 签到 calendar. */
export const ACTIVITY_DISCOUNT_PATH = '/activity/discount';
export const ACTIVITY_CALENDAR_PATH = '/activity/calendar';
/** 积分商城 (contract §5 Points mall): the shelf and 兑换记录; 积分记录. */
export const MALL_RECORD_PATH = '/mine/mall/record';
export const MALL_COIN_RECORD_PATH = '/mine/mall/coinRecord';
/** Agents (contract §5 Agents): apply, then the agent centre; open to visitors (contract §8.1). */
export const AGENT_PATH = '/agent';
/** The seven game pages (contract §8.1), one per family. */
export const GAME_SPORT_PATH = '/game/sport';
export const GAME_REALBET_PATH = '/game/realbet';
export const GAME_GAMING_PATH = '/game/gaming';
export const GAME_LOTTERY_PATH = '/game/lottery';
export const GAME_CHESS_PATH = '/game/chess';
export const GAME_EGAME_PATH = '/game/egame';
export const GAME_FISHING_PATH = '/game/fishing';
/** The venue frames (contract §8.1's protected third-party pages): `?venue=CODE&url=…`. */
export const FRAME_SPORT_V188_PATH = '/sport/V188';
export const FRAME_SPORT_IM_PATH = '/sport/im';
export const FRAME_SPORT_OB_PATH = '/sport/ob';
export const FRAME_GAMING_IMDJ_PATH = '/gaming/imdj';
export const FRAME_GAMING_YBDJ_PATH = '/gaming/ybdj';
export const FRAME_GAMING_LHDJ_PATH = '/gaming/lhdj';
/** The house game venues' pages (彩票, 真人, 电子 …): `?venue=CODE&url=…[&game=GAME]`. */
export const FRAME_GAMING_HOUSE_PATH = '/gaming/house';
/** 试玩 (contract §6 Demo play), open to visitors, and its own frame route per venue. */
export const DEMO_PATH = '/demo';
export const DEMO_PLAY_PATH = '/demo/play/:venueCode';

// The service side.
export const CUSTOMER_MAIN_PATH = '/customer/main';
/** The backup customer service (备用). */
export const CUSTOMER_BACKUP_PATH = '/customer/instead';
export const SPONSOR_PATH = '/sponsor/0';
/** The help centre's index (with search); each page is `/help/:slug` (contract §8.1). */
export const HELP_PATH = '/help';
export const HELP_DOC_PATH = '/help/:slug';
export const MAIL_PATH = '/mine/mail';
export const FEEDBACK_PATH = '/mine/feedback';
export const DOWNLOAD_PATH = '/download';
export const DOWNLOAD_PAGE_PATH = '/download-page';

export const TAB_PATHS = {
  home: HOME_PATH,
  discount: ACTIVITY_DISCOUNT_PATH,
  customer: CUSTOMER_MAIN_PATH,
  sponsor: SPONSOR_PATH,
  mine: MINE_PATH,
} as const;

/** Only in-site paths are followed after login (no open redirects through `?redirect=`). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  return value;
}

/** The login page, coming back to `redirect` afterwards. */
export function loginPathFor(redirect?: string): string {
  const back = safeRedirect(redirect);
  return back ? `${LOGIN_PATH}?redirect=${encodeURIComponent(back)}` : LOGIN_PATH;
}
