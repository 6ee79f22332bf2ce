import type { FastifyInstance } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import { requireMember } from '../../http/member-context';
import type { MemberService } from './member.service';

const WEB_TERMINAL_LIMIT = 8 * 1024;

export function registerMemberRoutes(
  app: FastifyInstance,
  members: MemberService,
  o: BindOptions,
): void {
  bindRoute(
    app,
    'memberInfo',
    ({ ctx, body, req }) => {
      const hash = req.headers['x-user-hash'];
      return members.info(
        requireMember(ctx).memberId,
        typeof hash === 'string' ? hash : undefined,
        body.withLockMoney === 1,
      );
    },
    o,
  );
  bindRoute(
    app,
    'webTerminal',
    async ({ ctx, body, req }) => {
      const ua = req.headers['user-agent'];
      await members.recordTerminal({
        deviceId: ctx.deviceId,
        memberId: ctx.memberId,
        ip: ctx.ip,
        userAgent: typeof ua === 'string' ? ua : '',
        data: body,
      });
      return null;
    },
    { ...o, bodyLimit: WEB_TERMINAL_LIMIT },
  );
  bindRoute(
    app,
    'profileUpdate',
    ({ ctx, body }) => members.updateProfile(requireMember(ctx).memberId, body),
    o,
  );
  bindRoute(
    app,
    'smsSend',
    ({ ctx, body }) =>
      members.sendSms(requireMember(ctx).memberId, body.purpose, body.countryCode, body.phone),
    o,
  );
  bindRoute(
    app,
    'phoneBind',
    ({ ctx, body }) => members.bindPhone(requireMember(ctx).memberId, body, ctx.ip),
    o,
  );
  bindRoute(
    app,
    'realNameSubmit',
    ({ ctx, body }) => members.submitRealName(requireMember(ctx).memberId, body.realName),
    o,
  );
  bindRoute(
    app,
    'realNameStatus',
    ({ ctx }) => members.realNameStatus(requireMember(ctx).memberId),
    o,
  );
  bindRoute(
    app,
    'fundPasswordSet',
    async ({ ctx, body }) => {
      await members.setFundPassword(
        requireMember(ctx).memberId,
        body.fundPassword,
        body.stepUp,
        ctx.ip,
      );
      return null;
    },
    o,
  );
  bindRoute(
    app,
    'securityOverview',
    ({ ctx }) => members.securityOverview(requireMember(ctx).memberId, ctx.deviceId),
    o,
  );
  bindRoute(
    app,
    'loginHistory',
    ({ ctx, query }) =>
      members.loginHistory(requireMember(ctx).memberId, query.page, query.pageSize),
    o,
  );
  bindRoute(
    app,
    'deviceRemove',
    async ({ ctx, body }) => {
      await members.removeDevice(requireMember(ctx).memberId, body.deviceId);
      return null;
    },
    o,
  );
}
