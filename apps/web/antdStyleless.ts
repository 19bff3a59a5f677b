/**
 * Build plugin: antd's style generators leave the bundle.
 *
 * The portal runs antd with `theme.zeroRuntime` (src/App.tsx): its component styles come from
 * antd's stylesheet, and the hook each component calls returns before it would run the function
 * that writes that component's CSS. Those functions still rode along in every chunk, because the
 * hook holds them. Each `genStyleHooks(name, styleFn, getDefaultToken, options)` (and its two
 * siblings) gets `() => []` as its `styleFn`, so the bundler drops the generators and what only
 * they import. The component tokens (`getDefaultToken`) stay: antd still writes them as CSS
 * variables, which is how the theme reaches the stylesheet.
 *
 * Only valid with zeroRuntime on: with it off, antd would generate empty styles.
 */
import { type Plugin, parseSync, Visitor } from 'vite';
import { applyEdits, type Edit } from './sourceEdits.ts';

const STYLE_FACTORIES = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);

/** The plugin; only for production builds (development keeps antd untouched). */
export function antdStyleless(): Plugin {
  return {
    name: 'steelport:antd-styleless',
    apply: 'build',
    transform: {
      filter: {
        id: /[\\/]node_modules[\\/]antd[\\/]es[\\/].+\.js$/,
        code: /gen(StyleHooks|ComponentStyleHook|SubStyleComponent)\(/,
      },
      handler(code, id) {
        const edits: Edit[] = [];
        new Visitor({
          CallExpression(node) {
            const callee = node.callee;
            const styleFn = node.arguments[1];
            if (callee.type === 'Identifier' && STYLE_FACTORIES.has(callee.name) && styleFn) {
              edits.push({ start: styleFn.start, end: styleFn.end, text: '() => []' });
            }
          },
        }).visit(parseSync(id, code).program);
        if (edits.length === 0) return null;
        return { code: applyEdits(code, edits), map: null };
      },
    },
  };
}
