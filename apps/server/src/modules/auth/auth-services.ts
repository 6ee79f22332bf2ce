import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import type { SettingsService } from '../settings/settings.service';
import type { SmsCodeService } from '../sms/sms-code.service';
import type { SmsGateway } from '../sms/sms.gateway';
import { AccountService } from './account.service';
import type { CaptchaService } from './captcha.service';
import { DeviceAuthorizationService } from './device-authorization.service';
import { DeviceService } from './device.service';
import { LoginCompletionService } from './login-completion.service';
import { LoginService } from './login.service';
import { PasswordService } from './password.service';
import { RegistrationService } from './registration.service';
import type { AgentCodeCheck } from './agent-code-check.types';
import type { SessionService } from './session.service';
import type { StepUpGuard } from './step-up-guard';
import { TokenService } from './token.service';
import type { SelfExclusionCheck } from './self-exclusion-check.types';

/** The ways into an account and out of it, each its own service. */
export interface AuthServices {
  registration: RegistrationService;
  login: LoginService;
  deviceAuthorization: DeviceAuthorizationService;
  passwords: PasswordService;
  tokens: TokenService;
  /** The members row for the other modules (the auth module is its one writer). */
  accounts: AccountService;
  /** The devices table for the other modules (the auth module is its one writer). */
  devices: DeviceService;
}

export interface AuthServicesDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  sessions: SessionService;
  captcha: CaptchaService;
  sms: SmsCodeService;
  smsGateway: SmsGateway;
  stepUps: StepUpGuard;
  codeSecret: string;
  jwtSecret: string;
  /** The self-exclusion register, asked at registration and login (bound late). */
  selfExclusion?: SelfExclusionCheck;
  /** The agents' codes and downlines, asked at registration (bound late). */
  agents?: AgentCodeCheck;
}

export function createAuthServices(d: AuthServicesDeps): AuthServices {
  // One completion for every way in, so registration and login cannot drift apart.
  const completion = new LoginCompletionService({
    db: d.db,
    clock: d.clock,
    sessions: d.sessions,
  });
  return {
    registration: new RegistrationService({ ...d, completion }),
    login: new LoginService({ ...d, completion }),
    deviceAuthorization: new DeviceAuthorizationService({ ...d, completion }),
    passwords: new PasswordService(d),
    tokens: new TokenService({ ...d, completion }),
    accounts: new AccountService(d.db),
    devices: new DeviceService(d.db),
  };
}
