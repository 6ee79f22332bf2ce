import type { FieldTone } from '../../../components/ui/form-field';
import { USERNAME_PATTERN } from '@nebula/protocol/rules/account-rules';

export type UserNameHintKey =
  | 'rules.userName'
  | 'rules.userNameOk'
  | 'rules.userNameStart'
  | 'rules.userNameChars'
  | 'rules.userNameLength';

/** The live hint under the register user name: the rule, then what is wrong, then ✓. */
export function userNameHint(value: string): { tone: FieldTone; key: UserNameHintKey } {
  if (value === '') return { tone: 'neutral', key: 'rules.userName' };
  if (USERNAME_PATTERN.test(value)) return { tone: 'ok', key: 'rules.userNameOk' };
  if (!/^[A-Za-z]/.test(value)) return { tone: 'error', key: 'rules.userNameStart' };
  if (/[^A-Za-z0-9]/.test(value)) return { tone: 'error', key: 'rules.userNameChars' };
  return { tone: 'error', key: 'rules.userNameLength' };
}
