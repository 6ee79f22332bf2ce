import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** One contract §8.1 payment-account page: how adding starts there and what the list then shows. */
export interface AccountCase {
  path: string;
  /** The path the account ends up listed on. */
  listPath: string;
  /** How adding starts: fill the form here, open the add page, or open a sheet. */
  start: 'form' | 'addPage' | 'sheet';
  addButton?: string;
  fill: (scope: Page) => Promise<void>;
  /** What the list shows of the number. */
  masked: string;
  warning?: boolean;
}

const fillNumber = (label: string, value: string) => async (page: Page) => {
  await page.getByLabel(label).fill(value);
};
const fillBank = (card: string) => async (page: Page) => {
  await page.getByLabel('开户银行').selectOption({ label: '招商银行' });
  await page.getByLabel('银行卡号').fill(card);
  await expect(page.getByLabel('银行卡号')).toHaveValue(card.replace(/(\d{4})(?=\d)/g, '$1 '));
};

export const ACCOUNT_CASES: AccountCase[] = [
  // A card failing Luhn is accepted with a warning to check it, not refused.
  {
    path: '/mine/userInfo/authentication/bindBankCard',
    listPath: '/mine/addBankCard',
    start: 'form',
    fill: fillBank('6222020200123456789'),
    masked: '**** **** **** 6789',
    warning: true,
  },
  {
    path: '/mine/addBankCard',
    listPath: '/mine/addBankCard',
    start: 'sheet',
    addButton: '添加银行卡',
    fill: fillBank('6222021234567890128'),
    masked: '**** **** **** 0128',
  },
  {
    path: '/mine/virtualCoinCard',
    listPath: '/mine/virtualCoinCard',
    start: 'sheet',
    addButton: '添加USDT 地址',
    fill: async (page) => {
      await page.getByRole('dialog').getByText('ERC20', { exact: true }).click();
      await page.getByLabel('收款地址').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    },
    masked: '0x5aAe…eAed',
  },
  {
    path: '/mine/addEBpayCard',
    listPath: '/mine/ebpayAcount',
    start: 'form',
    fill: fillNumber('EBpay 账户 ID', 'EB20260001'),
    masked: 'EB2026…0001',
  },
  {
    path: '/mine/ebpayAcount',
    listPath: '/mine/ebpayAcount',
    start: 'addPage',
    addButton: '添加EBpay',
    fill: fillNumber('EBpay 账户 ID', 'EB20260002'),
    masked: 'EB2026…0002',
  },
  {
    path: '/mine/addKOIpayCard',
    listPath: '/mine/koipayAcount',
    start: 'form',
    fill: fillNumber('KOIpay 账户 ID', 'KOI2026001'),
    masked: 'KOI202…6001',
  },
  {
    path: '/mine/koipayAcount',
    listPath: '/mine/koipayAcount',
    start: 'addPage',
    addButton: '添加KOIpay',
    fill: fillNumber('KOIpay 账户 ID', 'KOI2026002'),
    masked: 'KOI202…6002',
  },
  {
    path: '/mine/addAlipayCard',
    listPath: '/mine/alipayAcount',
    start: 'form',
    fill: fillNumber('支付宝账号', '13800138001'),
    masked: '138001…8001',
  },
  {
    path: '/mine/alipayAcount',
    listPath: '/mine/alipayAcount',
    start: 'addPage',
    addButton: '添加支付宝',
    fill: fillNumber('支付宝账号', 'nebula@example.com'),
    masked: 'nebula….com',
  },
  {
    path: '/mine/sharelifeAcount',
    listPath: '/mine/sharelifeAcount',
    start: 'sheet',
    addButton: '添加Sharelife',
    fill: fillNumber('Sharelife 账户 ID', 'SL20260001'),
    masked: 'SL2026…0001',
  },
  {
    path: '/mine/addwechatCard',
    listPath: '/mine/wechatAcount',
    start: 'form',
    fill: fillNumber('微信号', 'nebula_wx1'),
    masked: 'nebula…_wx1',
  },
  {
    path: '/mine/wechatAcount',
    listPath: '/mine/wechatAcount',
    start: 'addPage',
    addButton: '添加微信',
    fill: fillNumber('微信号', '13800138002'),
    masked: '138001…8002',
  },
  {
    path: '/mine/addDigitalCard',
    listPath: '/mine/digitalAcount',
    start: 'form',
    fill: fillNumber('钱包编号', '0012345678901'),
    masked: '**** **** **** 8901',
  },
  {
    path: '/mine/digitalAcount',
    listPath: '/mine/digitalAcount',
    start: 'addPage',
    addButton: '添加数字人民币',
    fill: fillNumber('钱包编号', '0012345678902'),
    masked: '**** **** **** 8902',
  },
];
