import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import { requireMember } from '../../http/member-context';
import type { AuthService, RequestMeta } from './auth.service';
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
  auth: AuthService,
  captcha: CaptchaService,
  o: BindOptions,
): void {
  bindRoute(app, 'captcha', ({ body, ctx }) => captcha.create(body.purpose, ctx.ip), o);
  bindRoute(app, 'register', ({ body, req }) => auth.register(body, meta(req)), o);
  bindRoute(app, 'login', ({ body, req }) => auth.login(body, meta(req)), o);
  bindRoute(
    app,
    'deviceSendCode',
    ({ body, req }) => auth.deviceSendCode(body.challengeId, meta(req)),
    o,
  );
  bindRoute(
    app,
    'deviceVerify',
    ({ body, req }) => auth.deviceVerify(body.challengeId, body.code, meta(req)),
    o,
  );
  bindRoute(
    app,
    'logout',
    async ({ ctx }) => {
      const m = requireMember(ctx);
      await auth.logout(m.memberId, m.sessionId);
      return null;
    },
    o,
  );
  bindRoute(
    app,
    'passwordChange',
    async ({ ctx, body }) => {
      await auth.changePassword(
        requireMember(ctx).memberId,
        body.oldPassword,
        body.newPassword,
        ctx.ip,
      );
      return null;
    },
    o,
  );
  bindRoute(app, 'passwordResetCode', ({ body }) => auth.passwordResetCode(body.userName), o);
  bindRoute(
    app,
    'passwordReset',
    async ({ body }) => {
      await auth.passwordReset(body.userName, body.code, body.newPassword);
      return null;
    },
    o,
  );
  bindRoute(app, 'tokenExchange', ({ body, req }) => auth.tokenExchange(body.token, meta(req)), o);
  bindRoute(app, 'tokenHandover', ({ ctx }) => auth.tokenHandover(requireMember(ctx).memberId), o);
  bindRoute(
    app,
    'memberJwt',
    ({ ctx }) => {
      const m = requireMember(ctx);
      return auth.chatJwt(m.memberId, m.sessionId);
    },
    o,
  );
  bindRoute(
    app,
    'logoutAll',
    async ({ ctx }) => {
      await auth.logoutAll(requireMember(ctx).memberId);
      return null;
    },
    o,
  );
}
