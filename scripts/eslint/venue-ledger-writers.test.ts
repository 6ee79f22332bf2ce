import { readFileSync } from 'node:fs';
import { RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import config from '../../eslint.config.js';
import { venueLedgerWritersPlugin } from './venue-ledger-writers.js';

// RuleTester reports through the test framework's functions.
Object.assign(RuleTester, { afterAll, describe, it, itOnly: it.only });

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const rule = venueLedgerWritersPlugin.rules['venue-ledger-writers'] as unknown as Rule.RuleModule;
const fixture = readFileSync(
  new URL('./fixtures/stray-wallet-writer.fixture.ts', import.meta.url),
  'utf8',
);
const stray = [{ messageId: 'strayWriter' }];
const read = "await q.query('SELECT balance FROM venue_wallets WHERE player_id = $1', [id]);";

tester.run('venue-ledger-writers', rule, {
  valid: [
    // The ledger module and the bench's naive peer write them.
    { code: fixture, filename: '/r/apps/venue/src/modules/ledger/venue-ledger.repository.ts' },
    { code: fixture, filename: '/r/bench/bets.bench.ts' },
    // Reads and other tables are not writes of the venue's money.
    { code: read, filename: '/r/apps/venue/src/modules/h5/h5.repository.ts' },
    {
      code: "await q.query('UPDATE venue_bets SET status = $2 WHERE id = $1', [id, s]);",
      filename: '/r/apps/venue/src/modules/bets/bet.repository.ts',
    },
    {
      code: "const s = 'UPDATE venue_wallets_archive SET x = 1';",
      filename: '/r/apps/venue/src/a.ts',
    },
  ],
  invalid: [
    // The fixture: a stray UPDATE venue_wallets in a service, a repository, a test.
    { code: fixture, filename: '/r/apps/venue/src/modules/bets/bonus.service.ts', errors: stray },
    { code: fixture, filename: '/r/apps/venue/src/modules/bets/bet.repository.ts', errors: stray },
    {
      code: fixture,
      filename: '/r/apps/venue/src/modules/transfers/transfer.test.ts',
      errors: stray,
    },
    {
      code: fixture,
      filename: '/r/apps/server/src/modules/venue/venue.repository.ts',
      errors: stray,
    },
    {
      code: "await q.query('insert into venue_postings (entry_id, account, amount) values ($1, $2, $3)');",
      filename: '/r/apps/venue/src/modules/bets/placement.repository.ts',
      errors: stray,
    },
    {
      code: 'const sql = `WITH x AS (SELECT 1) DELETE FROM\n venue_entries WHERE id = ${id}`;',
      filename: '/r/apps/venue/src/modules/operator/operator.repository.ts',
      errors: stray,
    },
    {
      code: "const s = 'INSERT INTO venue_wallets AS v (merchant) VALUES ($1)';",
      filename: '/r/packages/db/src/seed.ts',
      errors: stray,
    },
  ],
});

describe('the repository lint config', () => {
  it('turns the rule on as an error for every file', () => {
    const on = config.filter(
      (c) => c.rules?.['nebula-ledger/venue-ledger-writers'] === 'error' && !c.files,
    );
    expect(on).toHaveLength(1);
    expect(on[0]!.plugins?.['nebula-ledger']).toBe(venueLedgerWritersPlugin);
  });
});
