/**
 * Venue money moves only through VenueLedger (docs/architecture.md, "The house venue"), as a local
 * ESLint rule: SQL text that writes `venue_wallets`, `venue_postings` or `venue_entries`
 * (INSERT INTO / UPDATE / DELETE FROM / TRUNCATE / MERGE INTO) may appear only in the venue's
 * ledger module and in `bench/`, whose naive peer writes them on purpose. Any string or
 * template literal counts, so a writer cannot hide in a test, a helper or another app.
 */
// The lint rules' own tests quote what they forbid.
const ALLOWED = [/\/apps\/venue\/src\/modules\/ledger\//, /\/bench\//, /\/scripts\/eslint\//];
const WRITE =
  /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?|MERGE\s+INTO)\s+(?:ONLY\s+)?(?:public\.)?"?(venue_wallets|venue_postings|venue_entries)\b/i;

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'only the venue ledger writes the venue money tables' },
    schema: [],
    messages: {
      strayWriter:
        'Writes {{table}} outside the venue ledger: post an entry through VenueLedger (apps/venue/src/modules/ledger).',
    },
  },
  create(context) {
    const file = context.filename.split('\\').join('/');
    if (ALLOWED.some((re) => re.test(file))) return {};
    function check(node, text) {
      const m = WRITE.exec(text);
      if (m) context.report({ node, messageId: 'strayWriter', data: { table: m[1] } });
    }
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      // The quasis joined: a table name split from its verb by a line break still matches.
      TemplateLiteral(node) {
        check(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' $ '));
      },
    };
  },
};

export const venueLedgerWritersPlugin = { rules: { 'venue-ledger-writers': rule } };
