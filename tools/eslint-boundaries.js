// @ts-check
/**
 * Import boundaries of architecture.md as a lint rule: contract imports nothing of server or web
 * (and no Node APIs), server and web never import each other, a web feature never imports another,
 * and product code never imports a test kit (`src/server/testing/`, `src/web/testing/`).
 */
import path from 'node:path';

const SRC = path.resolve('src');
/** The path aliases of tsconfig.json: an aliased import crosses the same boundaries as a relative one. */
const ALIASES = { '@contract/': path.join(SRC, 'contract'), '@web/': path.join(SRC, 'web') };

/**
 * The file an import names when it lies in this repository (relative or aliased); undefined for a
 * package.
 * @param {string} file
 * @param {string} source
 */
function targetOf(file, source) {
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source);
  for (const [prefix, dir] of Object.entries(ALIASES)) {
    if (source.startsWith(prefix)) return path.join(dir, source.slice(prefix.length));
  }
  return undefined;
}

/** @param {string} file */
function layerOf(file) {
  const rel = path.relative(SRC, file).split(path.sep);
  if (rel[0] === 'web' && rel[1] === 'features') return { layer: 'web', feature: rel[2] };
  return { layer: rel[0], feature: undefined };
}

/** A file of a test kit folder, or a test itself: what may import test kits. */
const TESTING = new Set(['server/testing', 'web/testing']);
/** @param {string} file */
function isTestKit(file) {
  const rel = path.relative(SRC, file).split(path.sep);
  return TESTING.has(`${rel[0]}/${rel[1]}`);
}
/** @param {string} file */
function isTestCode(file) {
  return isTestKit(file) || /\.test\.tsx?$/.test(file);
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { cross: '{{from}} may not import {{to}} (architecture.md)' },
  },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(SRC)) return {};
    const from = layerOf(file);
    /** @param {import('estree').Node & { source?: import('estree').Literal | null }} node */
    const check = (node) => {
      const source = node.source && typeof node.source.value === 'string' ? node.source.value : null;
      if (!source) return;
      if (from.layer === 'contract' && (source.startsWith('node:') || source === 'react')) {
        context.report({ node, messageId: 'cross', data: { from: 'contract', to: source } });
        return;
      }
      const target = targetOf(file, source);
      if (target === undefined) return;
      const to = layerOf(target);
      const bad =
        (from.layer === 'contract' && to.layer !== 'contract') ||
        (from.layer === 'server' && to.layer === 'web') ||
        (from.layer === 'web' && to.layer === 'server') ||
        (from.feature !== undefined && to.feature !== undefined && from.feature !== to.feature);
      if (isTestKit(target) && !isTestCode(file)) {
        context.report({ node, messageId: 'cross', data: { from: 'product code', to: 'a test kit' } });
        return;
      }
      if (bad) {
        const name = (/** @type {{layer: string, feature?: string}} */ l) =>
          l.feature ? `web/features/${l.feature}` : l.layer;
        context.report({ node, messageId: 'cross', data: { from: name(from), to: name(to) } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { boundaries: rule } };
