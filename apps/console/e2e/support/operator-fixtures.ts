import type { RunningServer } from '../../../../e2e/support/platform-server';
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USER, expect, test as base } from './console-fixtures';
import {
  adminFetch,
  apiEnrol,
  apiLogin,
  type RoleMaker,
  type TestOperator,
} from './operator-steps';

type StepUpClass = 'money' | 'settings' | 'operators';

/** The seeded superuser, enrolled once per platform, making roles and operators for a test. */
export interface Root extends RoleMaker, TestOperator {}

/** The site as these suites run it: the settings every test of the file relies on. */
const SITE_SETTINGS = {
  // A payout account is usable at once, and a deposit asks no turnover before a withdrawal.
  payoutCooloffHours: 0,
  turnoverMultiplier: '0.00',
  // A withdrawal above 150.00 waits for a second operator (four eyes).
  fourEyesMoneyThreshold: '150.00',
  // Every operator needs a second factor: one without logs in to enrolment only.
  adminTotpRequired: true,
};

async function enrolRoot(server: RunningServer): Promise<Root> {
  const baseUrl = server.url;
  const session = await apiLogin(baseUrl, E2E_ADMIN_USER, E2E_ADMIN_PASSWORD);
  const call = adminFetch(baseUrl, session.token);
  const auth = await apiEnrol(call);
  const until = new Map<StepUpClass, number>();
  const stepUp = async (cls: StepUpClass) => {
    // A step-up counts five minutes; a fresh one when less than a minute is left.
    if ((until.get(cls) ?? 0) - Date.now() > 60_000) return;
    const r = await call<{ until: number }>('POST', '/admin/api/v1/stepUp', {
      class: cls,
      code: await auth.next(),
    });
    expect(r.status_code, `stepUp ${cls}: ${r.message}`).toBe(6000);
    until.set(cls, r.data.until);
  };
  await stepUp('settings');
  const settings = await call('POST', '/admin/api/v1/settings', SITE_SETTINGS);
  expect(settings.status_code, settings.message).toBe(6000);
  return {
    baseUrl,
    call,
    stepUp,
    userName: E2E_ADMIN_USER,
    password: E2E_ADMIN_PASSWORD,
    auth,
  };
}

/**
 * The console suites beyond the journey: the platform of console-fixtures plus its superuser,
 * enrolled through the API once per worker. A worker fixture of its own, so these files never
 * share a platform with the journey (which enrols the same superuser itself).
 */
export const test = base.extend<object, { root: Root }>({
  root: [
    async ({ server }, use) => {
      await use(await enrolRoot(server));
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

export { expect };
