import { createContext, useContext } from 'react';
import type { AdminCall } from '../api/client';
import type { OperatorSession } from './session';

export interface ConsoleContextValue {
  call: AdminCall;
  session: OperatorSession | null;
  signIn: (s: OperatorSession) => void;
  signOut: () => void;
}

export const ConsoleContext = createContext<ConsoleContextValue | null>(null);

export function useConsole(): ConsoleContextValue {
  const v = useContext(ConsoleContext);
  if (!v) throw new Error('useConsole outside the console provider');
  return v;
}
