import {
  AddCircleOutline,
  BankcardOutline,
  BillOutline,
  CalendarOutline,
  CheckShieldOutline,
  ClockCircleOutline,
  DownlandOutline,
  CollectMoneyOutline,
  CouponOutline,
  FileOutline,
  FillinOutline,
  GiftOutline,
  HandPayCircleOutline,
  HistogramOutline,
  LockOutline,
  LoopOutline,
  MailOutline,
  MessageOutline,
  PayCircleOutline,
  PieOutline,
  QuestionCircleOutline,
  ReceiptOutline,
  ReceivePaymentOutline,
  SetOutline,
  ShopbagOutline,
  StarOutline,
  StopOutline,
  UnorderedListOutline,
  UserContactOutline,
  UserOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import {
  AUTHENTICATION_PATH,
  INFO_AUDIT_PATH,
  DOWNLOAD_PATH,
  FEEDBACK_PATH,
  HELP_PATH,
  MAIL_PATH,
  PLAY_BREAK_PATH,
  REGISTER_GUIDE_PATH,
  SECURITY_PATH,
  STATEMENT_PATH,
  USER_INFO_PATH,
} from '../../../site/paths';

/** Keys of member.json `mine.links`. */
export type ShortcutKey =
  | 'deposit'
  | 'withdrawal'
  | 'transfer'
  | 'wallet'
  | 'balance'
  | 'currency'
  | 'rebate'
  | 'audit'
  | 'depositLimit'
  | 'playBreak'
  | 'transRecord'
  | 'betRecord'
  | 'statement'
  | 'giftRecord'
  | 'welfare'
  | 'currencyRecord'
  | 'mallRecord'
  | 'mallCoinRecord'
  | 'userInfo'
  | 'authentication'
  | 'infoAudit'
  | 'security'
  | 'bindBankCard'
  | 'vip'
  | 'vipDetails'
  | 'mail'
  | 'addBankCard'
  | 'virtualCoinCard'
  | 'addEBpayCard'
  | 'ebpayAcount'
  | 'addKOIpayCard'
  | 'koipayAcount'
  | 'addAlipayCard'
  | 'alipayAcount'
  | 'sharelifeAcount'
  | 'addwechatCard'
  | 'wechatAcount'
  | 'addDigitalCard'
  | 'digitalAcount'
  | 'feedback'
  | 'introTutorial'
  | 'platformTutorials'
  | 'registerGuide'
  | 'helpCenter'
  | 'download';

export interface Shortcut {
  key: ShortcutKey;
  to: string;
  icon: ReactNode;
}

export interface ShortcutSection {
  key: 'funds' | 'records' | 'account' | 'payment' | 'help';
  items: Shortcut[];
}

const item = (key: ShortcutKey, to: string, icon: ReactNode): Shortcut => ({ key, to, icon });

/**
 * Every member route of contract §8.1, the security centre, the deposit limits and the breaks
 * from play (time-out, self-exclusion). Pages not built yet open the 404 page inside the member
 * area until their issue lands; nothing is faked.
 */
export const SHORTCUT_SECTIONS: ShortcutSection[] = [
  {
    key: 'funds',
    items: [
      item('deposit', '/mine/finance/deposit', <BankcardOutline />),
      item('withdrawal', '/mine/finance/withdrawal', <PayCircleOutline />),
      item('transfer', '/mine/finance/transfer', <LoopOutline />),
      item('wallet', '/mine/finance/wallet', <CollectMoneyOutline />),
      item('balance', '/mine/balance', <PieOutline />),
      item('currency', '/mine/currency', <CouponOutline />),
      item('rebate', '/mine/rebate', <HandPayCircleOutline />),
      item('audit', '/mine/audit', <HistogramOutline />),
      item('depositLimit', '/mine/depositLimit', <SetOutline />),
      item('playBreak', PLAY_BREAK_PATH, <StopOutline />),
    ],
  },
  {
    key: 'records',
    items: [
      item('transRecord', '/mine/record/transRecord', <BillOutline />),
      item('betRecord', '/mine/record/betRecord', <ReceiptOutline />),
      item('statement', STATEMENT_PATH, <CalendarOutline />),
      item('giftRecord', '/mine/record/giftRecord', <GiftOutline />),
      item('welfare', '/mine/record/welfare', <StarOutline />),
      item('currencyRecord', '/mine/record/currencyRecord', <UnorderedListOutline />),
      item('mallRecord', '/mine/mall/record', <ShopbagOutline />),
      item('mallCoinRecord', '/mine/mall/coinRecord', <ClockCircleOutline />),
    ],
  },
  {
    key: 'account',
    items: [
      item('userInfo', USER_INFO_PATH, <UserOutline />),
      item('authentication', AUTHENTICATION_PATH, <UserContactOutline />),
      item('infoAudit', INFO_AUDIT_PATH, <FileOutline />),
      item('security', SECURITY_PATH, <CheckShieldOutline />),
      item('bindBankCard', '/mine/userInfo/authentication/bindBankCard', <BankcardOutline />),
      item('vip', '/mine/vip', <StarOutline />),
      item('vipDetails', '/mine/vip/details', <LockOutline />),
      item('mail', MAIL_PATH, <MailOutline />),
    ],
  },
  {
    key: 'payment',
    items: [
      item('addBankCard', '/mine/addBankCard', <AddCircleOutline />),
      item('virtualCoinCard', '/mine/virtualCoinCard', <ReceivePaymentOutline />),
      item('addEBpayCard', '/mine/addEBpayCard', <AddCircleOutline />),
      item('ebpayAcount', '/mine/ebpayAcount', <ReceivePaymentOutline />),
      item('addKOIpayCard', '/mine/addKOIpayCard', <AddCircleOutline />),
      item('koipayAcount', '/mine/koipayAcount', <ReceivePaymentOutline />),
      item('addAlipayCard', '/mine/addAlipayCard', <AddCircleOutline />),
      item('alipayAcount', '/mine/alipayAcount', <ReceivePaymentOutline />),
      item('sharelifeAcount', '/mine/sharelifeAcount', <ReceivePaymentOutline />),
      item('addwechatCard', '/mine/addwechatCard', <AddCircleOutline />),
      item('wechatAcount', '/mine/wechatAcount', <ReceivePaymentOutline />),
      item('addDigitalCard', '/mine/addDigitalCard', <AddCircleOutline />),
      item('digitalAcount', '/mine/digitalAcount', <ReceivePaymentOutline />),
    ],
  },
  {
    key: 'help',
    items: [
      item('helpCenter', HELP_PATH, <QuestionCircleOutline />),
      item('feedback', FEEDBACK_PATH, <MessageOutline />),
      item('introTutorial', '/mine/finance/introTutorial', <QuestionCircleOutline />),
      item('platformTutorials', '/mine/finance/introTutorial/platformTutorials', <FillinOutline />),
      item('registerGuide', REGISTER_GUIDE_PATH, <FileOutline />),
      item('download', DOWNLOAD_PATH, <DownlandOutline />),
    ],
  },
];
