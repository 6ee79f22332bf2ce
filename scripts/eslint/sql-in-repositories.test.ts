import { RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { sqlInRepositoriesPlugin } from './sql-in-repositories.js';

// RuleTester reports through the test framework's functions.
Object.assign(RuleTester, { afterAll, describe, it, itOnly: it.only });

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const rule = sqlInRepositoriesPlugin.rules['sql-in-repositories'] as unknown as Rule.RuleModule;
const select = "await q.query('SELECT id FROM members WHERE id = $1', [id]);";
const template = 'await this.db.query(`UPDATE sessions SET ended_at = now() WHERE id = $1`, [id]);';

tester.run('sql-in-repositories', rule, {
  valid: [
    { code: select, filename: '/r/apps/server/src/modules/member/member.repository.ts' },
    { code: select, filename: '/r/apps/venue/src/bets/bet.repository.ts' },
    { code: select, filename: '/r/apps/server/src/ledger/ledger.service.ts' },
    { code: select, filename: '/r/apps/server/src/db/health.ts' },
    { code: select, filename: '/r/apps/server/src/modules/auth/auth.test.ts' },
    { code: select, filename: '/r/apps/server/src/test/factories.ts' },
    { code: select, filename: '/r/bench/wallet.bench.ts' },
    // Not SQL: a query of something else.
    { code: "await client.query('members');", filename: '/r/apps/server/src/a.service.ts' },
  ],
  invalid: [
    {
      code: select,
      filename: '/r/apps/server/src/modules/wallet/deposit.service.ts',
      errors: [{ messageId: 'sqlOutside' }],
    },
    {
      code: template,
      filename: '/r/apps/venue/src/merchant/transfer.service.ts',
      errors: [{ messageId: 'sqlOutside' }],
    },
    {
      code: "await q.exec('CREATE TABLE t (id int)');",
      filename: '/r/apps/server/src/app.ts',
      errors: [{ messageId: 'sqlOutside' }],
    },
  ],
});
