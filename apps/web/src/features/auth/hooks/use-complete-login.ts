import type { LoginResult } from '@nebula/protocol/api/auth/auth.schemas';
import { Toast } from 'antd-mobile';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { clearLoginInfo, saveLoginInfo } from '../../../session/login-info';
import { startSession } from '../../../session/session.store';
import { HOME_PATH, safeRedirect } from '../../../site/paths';

export interface CompleteOptions {
  /** Remember me; undefined leaves `loginInfo` as it is (registration). */
  remember?: boolean;
  toast: string;
}

/**
 * After a login, a device authorization or a registration: keep the session (contract §8.3), keep
 * or forget `loginInfo`, then go back where the visitor came from (`?redirect=`) or home.
 */
export function useCompleteLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  return useCallback(
    async (result: LoginResult, options: CompleteOptions) => {
      await startSession({
        token: result.token,
        userName: result.userName,
        remember: options.remember === true,
        source: 'login',
      });
      if (options.remember === true) {
        await saveLoginInfo({ isChecked: true, userName: result.userName });
      } else if (options.remember === false) {
        clearLoginInfo();
      }
      Toast.show({ content: options.toast });
      void navigate(redirect ?? HOME_PATH, { replace: true });
    },
    [navigate, redirect],
  );
}
