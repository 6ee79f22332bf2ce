import { z } from 'zod';
import { defineRoute } from '../core/route';
import { emptyObject } from '../core/common';
import { StepUpResult } from './operators.schemas';
import { passkeysRouteMeta as m } from './passkeys.meta';
import {
  PasskeyIdParams,
  PasskeyList,
  PasskeyOptions,
  PasskeyRegisterRequest,
  PasskeyStepUpOptionsRequest,
  PasskeyStepUpRequest,
  PasskeyView,
} from './passkeys.schemas';

/** The operator passkey calls with their schemas; `../routes.ts` joins them into the table. */
export const passkeysRoutes = {
  adminPasskeyLoginOptions: defineRoute(m.adminPasskeyLoginOptions, {
    body: emptyObject,
    response: PasskeyOptions,
  }),
  adminPasskeys: defineRoute(m.adminPasskeys, { response: PasskeyList }),
  adminPasskeyRegisterOptions: defineRoute(m.adminPasskeyRegisterOptions, {
    body: emptyObject,
    response: PasskeyOptions,
  }),
  adminPasskeyRegister: defineRoute(m.adminPasskeyRegister, {
    body: PasskeyRegisterRequest,
    response: PasskeyView,
  }),
  adminPasskeyDelete: defineRoute(m.adminPasskeyDelete, {
    params: PasskeyIdParams,
    body: emptyObject,
    response: z.null(),
  }),
  adminPasskeyStepUpOptions: defineRoute(m.adminPasskeyStepUpOptions, {
    body: PasskeyStepUpOptionsRequest,
    response: PasskeyOptions,
  }),
  adminPasskeyStepUp: defineRoute(m.adminPasskeyStepUp, {
    body: PasskeyStepUpRequest,
    response: StepUpResult,
  }),
} as const;
