/**
 * One-way dependencies (architecture §Parts), as a tiny local ESLint rule:
 * - packages/protocol imports nothing of the apps and nothing that does I/O;
 * - a web feature never imports another feature (routes compose them);
 * - a repository of a module (`apps/server/src/modules/<m>/`, `apps/venue/src/modules/<m>/`)
 *   is imported only from inside its own module: others call its service. The benchmarks
 *   (`bench/`) are exempt: they seed large states straight through the repositories.
 */
import path from 'node:path';

const NODE_IO =
  /^(node:)?(fs|net|http|https|child_process|dgram|dns|tls|cluster|worker_threads)(\/|$)/;

/** The apps built of modules, whose repositories stay private to their module. */
const MODULE_APPS = ['server', 'venue'];

function resolveImport(fromFile, source) {
  if (!source.startsWith('.')) return null;
  return path.resolve(path.dirname(fromFile), source);
}

function segmentAfter(file, marker) {
  const idx = file.indexOf(marker);
  if (idx < 0) return null;
  return file.slice(idx + marker.length).split(path.sep)[0] ?? null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'enforce the one-way dependency rules of the architecture' },
    schema: [],
    messages: {
      protocolApps: 'packages/protocol must not import application code ({{source}}).',
      protocolIo: 'packages/protocol is pure: no I/O module ({{source}}).',
      crossFeature:
        'Web feature "{{from}}" must not import feature "{{to}}"; compose them in app/.',
      foreignRepository:
        'Repository of module "{{to}}" imported from outside it; call its service.',
    },
  },
  create(context) {
    const file = context.filename;
    const norm = file.split(path.sep).join('/');
    function check(node, source) {
      if (typeof source !== 'string') return;
      if (norm.includes('/packages/protocol/src/')) {
        if (source.startsWith('@nebula/') && source !== '@nebula/protocol') {
          context.report({ node, messageId: 'protocolApps', data: { source } });
        }
        if (NODE_IO.test(source))
          context.report({ node, messageId: 'protocolIo', data: { source } });
        const target = resolveImport(file, source);
        if (target && !target.split(path.sep).join('/').includes('/packages/protocol/')) {
          context.report({ node, messageId: 'protocolApps', data: { source } });
        }
      }
      const target = resolveImport(file, source);
      if (!target) return;
      const featureMarker = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}features${path.sep}`;
      const fromFeature = segmentAfter(file, featureMarker);
      const toFeature = segmentAfter(target, featureMarker);
      if (fromFeature && toFeature && fromFeature !== toFeature) {
        context.report({
          node,
          messageId: 'crossFeature',
          data: { from: fromFeature, to: toFeature },
        });
      }
      if (/\.repository(\.ts)?$/.test(target) && !norm.includes('/bench/')) {
        for (const app of MODULE_APPS) {
          const moduleMarker = `${path.sep}apps${path.sep}${app}${path.sep}src${path.sep}modules${path.sep}`;
          const fromModule = segmentAfter(file, moduleMarker);
          const toModule = segmentAfter(target, moduleMarker);
          if (toModule && fromModule !== toModule) {
            context.report({ node, messageId: 'foreignRepository', data: { to: toModule } });
          }
        }
      }
    }
    return {
      ImportDeclaration(node) {
        check(node, node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, node.source.value);
      },
      ExportAllDeclaration(node) {
        check(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source.value);
      },
    };
  },
};

export const boundariesPlugin = { rules: { 'one-way': rule } };
