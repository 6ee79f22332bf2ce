import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import type { EligibilityService } from '../play-break/eligibility.service';
import type { GrantService } from '../rewards/grant.service';
import { ActivityAdminService } from './activity-admin.service';
import type { ActivityRouteServices } from './activity.routes';
import { ActivityService } from './activity.service';
import { CheckinService } from './checkin.service';
import { DepositBonusService } from './deposit-bonus.service';

/** The activities module's services, each kind registered with the framework. */
export function createActivityServices(d: {
  db: Db;
  clock: Clock;
  eligibility: EligibilityService;
  grants: GrantService;
  audit: AuditService;
}): ActivityRouteServices {
  const activities = new ActivityService(d);
  const activityAdmin = new ActivityAdminService(d);
  const depositBonus = new DepositBonusService({ ...d, activities });
  const checkins = new CheckinService({ ...d, activities });
  activities.registerKind(['firstDeposit', 'redeposit'], depositBonus);
  activities.registerKind(['checkin'], checkins);
  return { activities, activityAdmin, depositBonus, checkins };
}
