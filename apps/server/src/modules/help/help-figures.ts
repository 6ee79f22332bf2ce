import { formatAmount } from '@nebula/protocol';
import type { SiteSettings } from '../settings/settings.schema';
import { FUND_LOCK_MS, FUND_MAX_FAILURES } from '../withdraw/withdraw.service';

/** "50,000.00" → "50,000"; "7.20" stays. */
function yuan(wire: string): string {
  return formatAmount(wire).replace(/\.00$/, '');
}

function minOf(values: string[]): string | null {
  if (values.length === 0) return null;
  return values.reduce((a, b) => (Number(b) < Number(a) ? b : a));
}
function maxOf(values: string[]): string | null {
  if (values.length === 0) return null;
  return values.reduce((a, b) => (Number(b) > Number(a) ? b : a));
}

/**
 * The figures help pages quote, from the live site settings: `{{name}}` in a page is replaced by
 * these when the page is served, so a changed limit shows on every page at once. The names
 * are part of the operators' editing contract: a save using any other name is refused (9302).
 * (Comparisons above use Number only to pick among the settings' own decimal strings; every
 * value shown is the setting's exact string, formatted.)
 */
export function helpFigures(s: SiteSettings): Record<string, string> {
  const channels = s.depositChannels.filter((c) => c.enabled);
  const bank = channels.filter((c) => c.type === 'bank');
  const usdt = channels.filter((c) => c.type === 'usdt');
  const online = channels.filter((c) => c.type !== 'bank' && c.type !== 'usdt');
  const range = (list: typeof channels, pick: 'min' | 'max') => {
    const v = pick === 'min' ? minOf(list.map((c) => c.min)) : maxOf(list.map((c) => c.max));
    return v === null ? '—' : yuan(v);
  };
  return {
    siteTitle: s.siteTitle,
    currencyName: s.currencyName,
    depositMin: range(channels, 'min'),
    depositMax: range(channels, 'max'),
    bankDepositMin: range(bank, 'min'),
    bankDepositMax: range(bank, 'max'),
    usdtDepositMin: range(usdt, 'min'),
    usdtDepositMax: range(usdt, 'max'),
    onlineDepositMin: range(online, 'min'),
    onlineDepositMax: range(online, 'max'),
    depositChannels: channels.map((c) => c.name).join('、') || '暂无开放的通道',
    usdtRate: yuan(s.usdtRate),
    withdrawMin: yuan(s.withdrawMin),
    withdrawMax: yuan(s.withdrawMax),
    withdrawDailyMax: yuan(s.withdrawDailyMax),
    turnoverMultiplier: s.turnoverMultiplier,
    payoutCooloffHours: String(s.payoutCooloffHours),
    paymentAccountCap: String(s.paymentAccountCap),
    coinRate: yuan(s.coinRate),
    coinBuyMin: String(s.coinBuyMin),
    coinBuyMax: String(s.coinBuyMax),
    fundPasswordTries: String(FUND_MAX_FAILURES),
    fundLockMinutes: String(FUND_LOCK_MS / 60_000),
    depositLimitRaiseHours: String(s.rgCoolingOffHours),
    loginLockAfter: String(s.loginLockAfter),
    loginLockMinutes: String(s.loginLockMinutes),
    officialAddresses:
      s.addresses.length > 0 ? s.addresses.join('、') : '以站内公告和本页公布的地址为准',
    csHours: s.csHours || '7×24 小时',
    feedbackPerHour: String(s.feedbackPerHour),
  };
}
