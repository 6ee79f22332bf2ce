import type { FastifyInstance } from 'fastify';
import { bindCsvRoute, bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { ContentAdminService } from './content-admin.service';
import type { ContentExportService } from './content-exports.service';

/** The operators' home-content calls and their CSV exports; thin, the services decide. */
export function registerContentAdminRoutes(
  app: FastifyInstance,
  s: { contentAdmin: ContentAdminService; contentExports: ContentExportService },
  o: BindOptions,
): void {
  const c = s.contentAdmin;
  const x = s.contentExports;
  const op = (req: { operator: Parameters<typeof requireOperator>[0] }) =>
    requireOperator(req.operator);
  const who = (req: { operator: Parameters<typeof requireOperator>[0] }) => op(req).userName;
  bindRoute(app, 'adminNotices', ({ query }) => c.notices(query), o);
  bindRoute(app, 'adminNoticeSave', ({ req, body }) => c.saveNotice(who(req), body), o);
  bindRoute(
    app,
    'adminNoticeEnable',
    ({ req, body }) => c.enableNotice(who(req), body.id, body.enabled),
    o,
  );
  bindRoute(app, 'adminStationAds', ({ query }) => c.stationAds(query), o);
  bindRoute(app, 'adminStationAdSave', ({ req, body }) => c.saveStationAd(who(req), body), o);
  bindRoute(
    app,
    'adminStationAdEnable',
    ({ req, body }) => c.enableStationAd(who(req), body.id, body.enabled),
    o,
  );
  bindRoute(app, 'adminSuspensionIcons', ({ query }) => c.suspensionIcons(query), o);
  bindRoute(
    app,
    'adminSuspensionIconSave',
    ({ req, body }) => c.saveSuspensionIcon(who(req), body),
    o,
  );
  bindRoute(
    app,
    'adminSuspensionIconEnable',
    ({ req, body }) => c.enableSuspensionIcon(who(req), body.id, body.enabled),
    o,
  );
  bindRoute(app, 'adminPopActivities', ({ query }) => c.popActivities(query), o);
  bindRoute(app, 'adminPopActivitySave', ({ req, body }) => c.savePopActivity(who(req), body), o);
  bindRoute(
    app,
    'adminPopActivityEnable',
    ({ req, body }) => c.enablePopActivity(who(req), body.id, body.enabled),
    o,
  );
  bindCsvRoute(app, 'adminExportNotices', ({ req, query }) => x.notices(op(req), query), o);
  bindCsvRoute(app, 'adminExportStationAds', ({ req, query }) => x.stationAds(op(req), query), o);
  bindCsvRoute(
    app,
    'adminExportSuspensionIcons',
    ({ req, query }) => x.suspensionIcons(op(req), query),
    o,
  );
  bindCsvRoute(
    app,
    'adminExportPopActivities',
    ({ req, query }) => x.popActivities(op(req), query),
    o,
  );
}
