import { z } from 'zod';
import { defineRoute } from '../core/route';
import { authRouteMeta as m } from './auth.meta';
import { emptyObject } from '../core/common';
import {
  Captcha,
  CaptchaRequest,
  CodeSent,
  DeviceCodeSendRequest,
  DeviceVerifyRequest,
  HandoverToken,
  LoginRequest,
  LoginResult,
  PasswordChangeRequest,
  PasswordResetCodeRequest,
  PasswordResetCodeSent,
  PasswordResetRequest,
  RegisterRequest,
  TokenExchangeRequest,
} from './auth.schemas';

/** The account and session calls with their schemas; `../routes.ts` joins them into the route table. */
export const authRoutes = {
  // accounts and sessions
  captcha: defineRoute(m.captcha, { body: CaptchaRequest, response: Captcha }),
  register: defineRoute(m.register, { body: RegisterRequest, response: LoginResult }),
  login: defineRoute(m.login, { body: LoginRequest, response: LoginResult }),
  deviceSendCode: defineRoute(m.deviceSendCode, {
    body: DeviceCodeSendRequest,
    response: CodeSent,
  }),
  deviceVerify: defineRoute(m.deviceVerify, {
    body: DeviceVerifyRequest,
    response: LoginResult,
  }),
  logout: defineRoute(m.logout, { body: emptyObject, response: z.null() }),
  passwordChange: defineRoute(m.passwordChange, {
    body: PasswordChangeRequest,
    response: z.null(),
  }),
  passwordResetCode: defineRoute(m.passwordResetCode, {
    body: PasswordResetCodeRequest,
    response: PasswordResetCodeSent,
  }),
  passwordReset: defineRoute(m.passwordReset, {
    body: PasswordResetRequest,
    response: z.null(),
  }),
  tokenExchange: defineRoute(m.tokenExchange, {
    body: TokenExchangeRequest,
    response: LoginResult,
  }),
  tokenHandover: defineRoute(m.tokenHandover, {
    body: emptyObject,
    response: HandoverToken,
  }),
} as const;
