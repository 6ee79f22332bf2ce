import { readFileSync } from 'node:fs';
import { RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { boundariesPlugin } from './boundaries.js';

// RuleTester reports through the test framework's functions.
Object.assign(RuleTester, { afterAll, describe, it, itOnly: it.only });

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const rule = boundariesPlugin.rules['one-way'] as unknown as Rule.RuleModule;
// Two imports of `../events/event.repository`: one report each.
const fixture = readFileSync(
  new URL('./fixtures/foreign-repository.fixture.ts', import.meta.url),
  'utf8',
);
const twice = (to: string) => [
  { messageId: 'foreignRepository', data: { to } },
  { messageId: 'foreignRepository', data: { to } },
];
const viaService = "import { readEvent } from '../events/event.service';";

tester.run('one-way: repositories stay inside their module', rule, {
  valid: [
    // Inside the module that owns the repository, in the venue and on the platform.
    { code: fixture, filename: '/r/apps/venue/src/modules/events/event-sync.service.ts' },
    { code: fixture, filename: '/r/apps/venue/src/modules/events/in-play.test.ts' },
    { code: fixture, filename: '/r/apps/server/src/modules/events/events.service.ts' },
    // Another module goes through the owner's service.
    { code: viaService, filename: '/r/apps/venue/src/modules/bets/placement.service.ts' },
    // The benchmarks seed their states straight through repositories.
    {
      code: "import * as events from '../apps/venue/src/modules/events/event.repository';",
      filename: '/r/bench/bets.bench.ts',
    },
    // Outside the modules' folders a repository is nobody's module.
    { code: fixture, filename: '/r/apps/venue/src/db/events/seed.ts' },
  ],
  invalid: [
    // A venue service, a venue test and a platform service reaching into another module.
    {
      code: fixture,
      filename: '/r/apps/venue/src/modules/bets/placement.service.ts',
      errors: twice('events'),
    },
    {
      code: fixture,
      filename: '/r/apps/venue/src/modules/live/live.test.ts',
      errors: twice('events'),
    },
    {
      code: fixture,
      filename: '/r/apps/server/src/modules/bets/bets.service.ts',
      errors: twice('events'),
    },
    // The venue's test helpers and composition root use services too.
    {
      code: "import { reconcile } from '../modules/ledger/venue-ledger.repository';",
      filename: '/r/apps/venue/src/test/venue-test-app.ts',
      errors: [{ messageId: 'foreignRepository', data: { to: 'ledger' } }],
    },
    {
      code: "export { readBet } from './modules/bets/bet.repository';",
      filename: '/r/apps/venue/src/venue-services.ts',
      errors: [{ messageId: 'foreignRepository', data: { to: 'bets' } }],
    },
  ],
});
