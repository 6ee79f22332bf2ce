import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import { requireMember } from '../../http/member-context';
import type { AuthServices } from './auth-services';
import type { RequestMeta } from './login-completion.service';
import type { CaptchaService } from './captcha.service';

function meta(req: FastifyRequest): RequestMeta {
  const ua = req.headers['user-agent'];
  return {
    deviceId: req.ctx.deviceId,
    ip: req.ctx.ip,
    userAgent: typeof ua === 'string' ? ua : '',
  };
}

export function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthServices,
  captcha: CaptchaService,
  o: BindOptions,
): void {
  bindRoute(app, 'captcha', ({ body, ctx }) => captcha.create(body.purpose, ctx.ip), o);
  bindRoute(app, 'register', ({ body, req }) => auth.registration.register(body, meta(req)), o);
  bindRoute(app, 'login', ({ body, req }) => auth.login.login(body, meta(req)), o);
  bindRoute(
    app,
    'deviceSendCode',
    ({ body, req }) => auth.deviceAuthorization.sendCode(body.challengeId, meta(req)),
    o,
  );
  bindRoute(
    app,
    'deviceVerify',
    ({ body, req }) => auth.deviceAuthorization.verify(body.challengeId, body.code, meta(req)),
    o,
  );
  bindRoute(
    app,
    'logout',
    async ({ ctx }) => {
      const m = requireMember(ctx);
      await auth.login.logout(m.memberId, m.sessionId);
      return null;
    },
    o,
  );
  bindRoute(
    app,
    'passwordChange',
    async ({ ctx, body }) => {
      await auth.passwords.change(
        requireMember(ctx).memberId,
        body.oldPassword,
        body.newPassword,
        ctx.ip,
      );
      return null;
    },
    o,
  );
  bindRoute(app, 'passwordResetCode', ({ body }) => auth.passwords.resetCode(body.userName), o);
  bindRoute(
    app,
    'passwordReset',
    async ({ body }) => {
      await auth.passwords.reset(body.userName, body.code, body.newPassword);
      return null;
    },
    o,
  );
  bindRoute(
    app,
    'tokenExchange',
    ({ body, req }) => auth.tokens.exchange(body.token, meta(req)),
    o,
  );
  bindRoute(
    app,
    'tokenHandover',
    ({ ctx }) => auth.tokens.handover(requireMember(ctx).memberId),
    o,
  );
  bindRoute(
    app,
    'memberJwt',
    ({ ctx }) => {
      const m = requireMember(ctx);
      return auth.tokens.chatJwt(m.memberId, m.sessionId);
    },
    o,
  );
  bindRoute(
    app,
    'logoutAll',
    async ({ ctx }) => {
      await auth.tokens.logoutAll(requireMember(ctx).memberId);
      return null;
    },
    o,
  );
}
