/**
 * SQL lives in repositories (architecture §Modules and repositories), as a local ESLint rule: in application code
 * (`apps/<app>/src`), a query call — `.query(…)` / `.exec(…)` on the database or a transaction
 * handle, or any call whose first argument is SQL text — is allowed only in `*.repository.ts`
 * files and in the layers that are made of SQL (`ledger/`, `db/`). Tests and test helpers may
 * query (they read what no API shows, such as a captcha's answer).
 */
const APP_SRC = /\/apps\/[^/]+\/src\//;
const EXEMPT = [
  /\.repository\.ts$/,
  /\/src\/(ledger|db)\//,
  /\.test\.tsx?$/,
  /\/src\/test\//,
  /\/e2e\//,
];
const SQL =
  /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER|DROP|TRUNCATE|LOCK|BEGIN|COMMIT)\b/i;
const DB_TYPES = new Set([
  'Queryable',
  'Db',
  'PgliteDb',
  'PostgresDb',
  'Pool',
  'PoolClient',
  'Client',
]);

function sqlText(arg) {
  if (!arg) return null;
  if (arg.type === 'Literal' && typeof arg.value === 'string') return arg.value;
  if (arg.type === 'TemplateLiteral') return arg.quasis[0]?.value.cooked ?? '';
  return null;
}

function typeNames(services, node) {
  if (!services?.program || !services.esTreeNodeToTSNodeMap) return [];
  const checker = services.program.getTypeChecker();
  const type = checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(node));
  const parts = type.isUnion() ? type.types : [type];
  return parts.map((t) => (t.getSymbol() ?? t.aliasSymbol)?.getName()).filter(Boolean);
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL only in repositories (and the ledger/db layers)' },
    schema: [],
    messages: {
      sqlOutside:
        'A query outside a repository: move this SQL into a *.repository.ts of the module that owns the table.',
    },
  },
  create(context) {
    const file = context.filename.split('\\').join('/');
    if (!APP_SRC.test(file) || EXEMPT.some((re) => re.test(file))) return {};
    const services = context.sourceCode.parserServices;
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed) return;
        const method = callee.property.name;
        const text = sqlText(node.arguments[0]);
        const looksLikeSql = text !== null && SQL.test(text);
        const onDb =
          (method === 'query' || method === 'exec') &&
          typeNames(services, callee.object).some((n) => DB_TYPES.has(n));
        if (looksLikeSql || onDb) context.report({ node, messageId: 'sqlOutside' });
      },
    };
  },
};

export const sqlInRepositoriesPlugin = { rules: { 'sql-in-repositories': rule } };
