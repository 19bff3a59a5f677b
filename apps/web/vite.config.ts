import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type ESTree, type Plugin, parseSync, Visitor } from 'vite';
import { antdStyleless } from './antdStyleless.ts';
import { antdTableTrim } from './antdTableTrim.ts';
import { antdIsBright, rcBarrelReexports } from './barrelEdges.ts';
import { precompress } from './precompress.ts';
import { prerenderFrames } from './prerenderFrames.ts';
import { routePreload } from './routePreload.ts';
import { applyEdits, type Edit } from './sourceEdits.ts';

/** The API process; `STEELPORT_API` points the dev server at another one. */
const apiTarget = process.env.STEELPORT_API ?? 'http://127.0.0.1:3000';

// Regex keys: a plain '/ma' prefix would also swallow portal routes such as /market pages.
const proxy = {
  '^/api/': apiTarget,
  '^/ma/': apiTarget,
  '^/healthz': apiTarget,
};

// Vendor code changes far less often than ours: React, ECharts (lazy) and the small libraries
// every page needs get chunks of their own that browsers keep across releases. antd is left to
// the bundler on purpose: one antd chunk made every page load every component any page uses
// (485 kB gzip before the first paint); split by use, the first page needs about 300 kB.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 30 },
  { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 30 },
  // Only what the entry itself runs ($initial): a page's own parts of these libraries (react-i18next's
  // <Trans> on the login page, react-query's mutations) stay with the page instead of riding along.
  {
    name: 'vendor',
    test: /node_modules[\\/](i18next|react-i18next|@tanstack)[\\/]/,
    tags: ['$initial' as const],
    priority: 10,
  },
  // Everything else the entry runs rides in the entry's own chunk. Left to the bundler, it came as
  // some 40 chunks of 1–5 kB (a module the entry and a lazy page share gets a chunk of its own):
  // every first visit asked for all of them before it could paint, and six connections fetch
  // them a few at a time (Lighthouse, /wareHouse: 93 requests, LCP 1.4 s; one chunk: 52, 1.1 s).
  // No page loads more for it: the entry needs each of them anyway.
  { name: 'initial', tags: ['$initial' as const], priority: 5 },
];

// antd's helper packages declare no `sideEffects`, so the bundler keeps every module a barrel
// re-exports even when nothing of it is used (@rc-component/form's whole engine came with antd's
// form context into every first page). They have no import-time effects (no polyfills, no
// side-effect-only imports): a module of theirs nothing uses may go.
const sideEffectFree = [
  {
    test: /node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color))[\\/]/,
    sideEffects: false,
  },
];

/**
 * A build plugin that replaces one line of one antd source file (`file`, under antd/es), and
 * warns when the line is gone (antd changed it: `lost` says what that costs) instead of failing.
 */
function antdLineSwap(name: string, file: string, from: string, to: string, lost: string): Plugin {
  const id = new RegExp(
    `[\\\\/]node_modules[\\\\/]antd[\\\\/]es[\\\\/]${file.replaceAll('.', '\\.').replaceAll('/', '[\\\\/]')}$`,
  );
  return {
    name: `steelport:${name}`,
    apply: 'build',
    transform: {
      filter: { id },
      handler(code) {
        if (!code.includes(from)) {
          this.warn(`antd/es/${file} no longer reads \`${from}\`: ${lost}`);
          return null;
        }
        return { code: code.replace(from, to), map: null };
      },
    },
  };
}

/**
 * antd's form context (which every input reads, so every first page loads it) takes the form
 * library's FormProvider from that library's index, and the index assigns Field, List and useForm
 * onto the Form component at load: code with effects, so the bundler kept the whole form engine
 * and its validator in the entry (about 41 kB) though the first pages have no form. The provider
 * is taken from its own module instead; it is the same module the index re-exports, so screens
 * with a form share one context with it.
 */
const formProviderDirect = () =>
  antdLineSwap(
    'form-provider-direct',
    'form/context.js',
    "import { FormProvider as RcFormProvider } from '@rc-component/form';",
    "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';",
    'the form engine rides in the entry again',
  );

/**
 * antd's ConfigProvider imports its tooltip UniqueProvider (rc-trigger with its popup, portal and
 * motion: about 7 kB gzip) for `tooltip={{ unique: true }}`, which the portal does not set, and
 * that import rode in the entry. The build gives ConfigProvider a stand-in that fails loudly
 * if the option is ever set: remove this plugin then.
 */
const noUniqueTooltip = () =>
  antdLineSwap(
    'no-unique-tooltip',
    'config-provider/index.js',
    "import UniqueProvider from '../tooltip/UniqueProvider';",
    "const UniqueProvider = () => { throw new Error('tooltip.unique: remove the steelport:no-unique-tooltip build plugin'); };",
    'rc-trigger rides in the entry again',
  );

/**
 * antd's Radio.Group names its radios from the form item's name with `toNamePathStr`, which it
 * takes from the form's useForm module: that module brings the form engine's store
 * (@rc-component/form's useForm with scroll-into-view, about 6.7 kB gzip) to every screen with a
 * radio group and no form (/process's line types). The build gives the group the same function
 * (antd's `toArray(name).join('_')`) from antd's form util instead.
 */
const radioNamePath = () =>
  antdLineSwap(
    'radio-name-path',
    'radio/group.js',
    "import { toNamePathStr } from '../form/hooks/useForm';",
    "import { toArray as toNamePathArray } from '../form/util';\nconst toNamePathStr = (name) => toNamePathArray(name).join('_');",
    'the form engine rides with every radio group again',
  );

/**
 * antd's Tag module hangs CheckableTagGroup on Tag at load, so every screen with a tag carried it
 * (0.5 KB gzip on the market screens); the portal uses Tag.CheckableTag alone. A stand-in fails
 * loudly if a screen ever reaches for the group: remove this plugin then.
 */
const noCheckableTagGroup = () =>
  antdLineSwap(
    'no-checkable-tag-group',
    'tag/index.js',
    'Tag.CheckableTagGroup = CheckableTagGroup;',
    "Object.defineProperty(Tag, 'CheckableTagGroup', { get() { throw new Error('Tag.CheckableTagGroup: remove the steelport:no-checkable-tag-group build plugin'); } });",
    'CheckableTagGroup rides with every Tag again',
  );

/**
 * React Router publishes its production build beside the development one, but its package's
 * `exports` name only the development build, which keeps its development warnings in the
 * bundle. The production build (the same code with those warnings off) for the browser bundle.
 */
function reactRouterProduction(): Plugin {
  const production = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router')),
    '../production',
  );
  const files: Record<string, string> = {
    'react-router': path.join(production, 'index.mjs'),
    'react-router/dom': path.join(production, 'dom-export.mjs'),
  };
  return {
    name: 'steelport:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      filter: { id: /^react-router(\/dom)?$/ },
      handler(source) {
        return files[source] ?? null;
      },
    },
  };
}

/** A call that builds a schema: `Type.Object(...)`, or a capitalised helper such as `Id(...)`. */
function isSchemaCall(callee: ESTree.Expression | ESTree.Super): boolean {
  if (callee.type === 'Identifier') return /^[A-Z]/.test(callee.name);
  return (
    callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'Type'
  );
}

/**
 * `{ a, ...B, c }` as `Object.assign({ a }, B, { c })`, marked pure: a spread may run getters, so
 * the bundler keeps every spread of a schema's field set even when the object is never used.
 * Null when the object cannot be rewritten safely (a comment or an object right after a spread).
 */
function spreadEdits(node: ESTree.ObjectExpression, code: string): Edit[] | null {
  const edits: Edit[] = [{ start: node.start, end: node.start + 1, text: '/* @__PURE__ */ Object.assign({' }];
  for (const property of node.properties) {
    if (property.type !== 'SpreadElement') continue;
    if (property.argument.type === 'ObjectExpression') return null;
    edits.push({ start: property.start, end: property.start + 3, text: '}, ' });
    const after = code.slice(property.argument.end).match(/^\s*/)?.[0].length ?? 0;
    const next = property.argument.end + after;
    if (code[next] === ',') edits.push({ start: next, end: next + 1, text: ', {' });
    else if (next === node.end - 1)
      edits.push({ start: property.argument.end, end: property.argument.end, text: ', {' });
    else return null;
  }
  edits.push({ start: node.end, end: node.end, text: ')' });
  return edits;
}

/**
 * The shared contracts define TypeBox schemas (for the server's validation and the API docs) next
 * to the limits and codes the portal uses. The bundler must assume a call or a spread has effects,
 * so every schema stayed in the first page although the portal validates nothing with them;
 * marked pure, the ones nothing reads are dropped. Only the contracts' sources: there every
 * capitalised call builds a schema or converts a value (`Number(x)`), every spread copies a plain
 * field set, and none has an effect.
 */
function pureSchemas(): Plugin {
  return {
    name: 'steelport:pure-schemas',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/ },
      handler(code, id) {
        const edits: Edit[] = [];
        new Visitor({
          CallExpression(node) {
            if (isSchemaCall(node.callee))
              edits.push({ start: node.start, end: node.start, text: '/* @__PURE__ */ ' });
          },
          ObjectExpression(node) {
            if (node.properties.some((property) => property.type === 'SpreadElement')) {
              edits.push(...(spreadEdits(node, code) ?? []));
            }
          },
        }).visit(parseSync(id, code).program);
        return { code: pureInitialisers(applyEdits(code, edits), id), map: null };
      },
    },
  };
}

/** Values a top-level constant may have that read nothing when it is built. */
const INERT_VALUES = new Set([
  'Literal',
  'Identifier',
  'ArrowFunctionExpression',
  'FunctionExpression',
  'TemplateLiteral',
]);

/**
 * Each top-level constant's value built inside a pure function call, `/* @__PURE__ *\/ (() =>
 * (value))()`: a pure call that is dropped still leaves its arguments' property reads
 * (`LIMITS.nameLength,` for a schema nobody uses), and a lowercase helper (`enumOf(...)`) is not
 * marked at all; an unused constant now goes whole. A used one is built as before.
 */
function pureInitialisers(code: string, id: string): string {
  const edits: Edit[] = [];
  for (const statement of parseSync(id, code).program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations) {
      const init = declarator.init;
      if (!init || INERT_VALUES.has(init.type)) continue;
      edits.push({ start: init.start, end: init.start, text: '/* @__PURE__ */ (() => (' });
      edits.push({ start: init.end, end: init.end, text: '))()' });
    }
  }
  return applyEdits(code, edits);
}

export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    routePreload(),
    pureSchemas(),
    antdStyleless(),
    formProviderDirect(),
    noUniqueTooltip(),
    noCheckableTagGroup(),
    radioNamePath(),
    antdTableTrim(),
    rcBarrelReexports(),
    antdIsBright(),
    precompress(),
    prerenderFrames(),
  ],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects: sideEffectFree },
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
