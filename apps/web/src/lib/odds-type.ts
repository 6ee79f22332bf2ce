import { OddsType, europeMilliToDisplay, isOddsType } from '@nebula/protocol/odds/odds';
import { create } from 'zustand';
import { local } from './storage';

const KEY = 'oddsType';

/**
 * The member's odds type on this device (Malay 1, Hongkong 2, Europe 3, Indonesia 4): every
 * price the site shows — hot matches, bet records, shared bet cards — is shown in it.
 */
function stored(): OddsType {
  const n = Number(local.get(KEY));
  return isOddsType(n) ? n : OddsType.Europe;
}

interface OddsTypeState {
  oddsType: OddsType;
  setOddsType: (type: OddsType) => void;
}

export const useOddsType = create<OddsTypeState>((set) => ({
  oddsType: stored(),
  setOddsType: (oddsType) => {
    local.set(KEY, String(oddsType));
    set({ oddsType });
  },
}));

/** A Europe price in thousandths as the member reads it. */
export function showOdds(milli: number, type: OddsType): string {
  try {
    return europeMilliToDisplay(milli, type);
  } catch {
    return (milli / 1000).toFixed(2);
  }
}
