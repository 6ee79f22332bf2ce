import { describe, expect, it } from 'vitest';
import {
  captureReferralParams,
  getAgentVerify,
  getGrowCode,
  readStoredReferralCode,
  registrationAgentCode,
  registrationInviteCode,
} from './referral-codes';

const HOUR = 3600 * 1000;
const T0 = Date.UTC(2026, 4, 1, 8, 0, 0);

describe('referral codes (contract §8.2, §5)', () => {
  it('keeps each code of the URL with the time it arrived', () => {
    captureReferralParams('?i_code=IC01&r_code=RC01&r_bet=RB01&invite_code=INV123&x=1', T0);
    for (const [name, value] of [
      ['i_code', 'IC01'],
      ['r_code', 'RC01'],
      ['r_bet', 'RB01'],
      ['invite_code', 'INV123'],
    ] as const) {
      expect(JSON.parse(localStorage.getItem(name)!)).toEqual({ value, storedAt: T0 });
      expect(readStoredReferralCode(name, T0)).toBe(value);
    }
  });

  it('expires i_code, r_code and r_bet after 12 h, invite_code after 24 h, and drops them', () => {
    captureReferralParams('?i_code=IC01&r_code=RC01&r_bet=RB01&invite_code=INV123', T0);
    const justBefore12h = T0 + 12 * HOUR - 1;
    expect(readStoredReferralCode('i_code', justBefore12h)).toBe('IC01');
    expect(readStoredReferralCode('r_bet', justBefore12h)).toBe('RB01');
    for (const name of ['i_code', 'r_code', 'r_bet'] as const) {
      expect(readStoredReferralCode(name, T0 + 12 * HOUR)).toBeNull();
      expect(localStorage.getItem(name)).toBeNull();
    }
    expect(readStoredReferralCode('invite_code', T0 + 24 * HOUR - 1)).toBe('INV123');
    expect(readStoredReferralCode('invite_code', T0 + 24 * HOUR)).toBeNull();
    expect(localStorage.getItem('invite_code')).toBeNull();
  });

  it('a newer link replaces the code and restarts its clock', () => {
    captureReferralParams('?i_code=OLD1', T0);
    captureReferralParams('?i_code=NEW1', T0 + 11 * HOUR);
    expect(readStoredReferralCode('i_code', T0 + 20 * HOUR)).toBe('NEW1');
  });

  it('prefills registration from invite_code, else i_code, only while valid', () => {
    captureReferralParams('?i_code=ICODE1', T0);
    expect(registrationInviteCode(T0)).toBe('ICODE1');
    captureReferralParams('?invite_code=INVITE1', T0);
    expect(registrationInviteCode(T0 + HOUR)).toBe('INVITE1');
    expect(registrationInviteCode(T0 + 25 * HOUR)).toBeNull();
  });

  it('ignores malformed codes and corrupt storage', () => {
    captureReferralParams('?invite_code=%3Cscript%3E&i_code=', T0);
    expect(localStorage.getItem('invite_code')).toBeNull();
    expect(localStorage.getItem('i_code')).toBeNull();
    localStorage.setItem('r_code', '{not json');
    expect(readStoredReferralCode('r_code', T0)).toBeNull();
  });

  it('keeps growCode and agent_verify for this visit in sessionStorage', () => {
    captureReferralParams('?growCode=G42&agent_verify=AV9');
    expect(getGrowCode()).toBe('G42');
    expect(getAgentVerify()).toBe('AV9');
    expect(sessionStorage.getItem('growCode')).toBe('G42');
    expect(localStorage.getItem('growCode')).toBeNull();
  });

  it('sends agent_verify as the agent code, else growCode, only when shaped like a code', () => {
    sessionStorage.clear();
    expect(registrationAgentCode()).toBeNull();
    captureReferralParams('?growCode=GROW5678');
    expect(registrationAgentCode()).toBe('GROW5678');
    captureReferralParams('?agent_verify=AGT12345');
    expect(registrationAgentCode()).toBe('AGT12345');
    captureReferralParams('?agent_verify=a_b');
    expect(registrationAgentCode()).toBe('GROW5678');
    sessionStorage.clear();
  });
});
