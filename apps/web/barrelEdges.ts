/**
 * Build plugins: imports that pulled modules nothing on the first page runs into the entry chunk.
 *
 * The bundler places a module in the entry's chunk when an entry module imports it statically,
 * whether or not the entry uses what it imports: if any page uses the module, it is kept, and it
 * rides in every first load. Two of antd's shapes did that:
 *
 * - A helper package's index that imports its parts and exports them again (`import TextArea
 *   from './TextArea'; export { TextArea }`) links the index to every part, so antd's Input (the
 *   header's search box) brought the TextArea, and the loading icon of every Button the motion
 *   list of the notifications. Written as re-exports (`export { default as TextArea } from
 *   './TextArea'`), each import reaches only the part it names.
 * - The button and tag tokens take `isBright` from the colour picker's presets module, which
 *   imports Collapse (with its panels, icon and rc-collapse) for the presets panel.
 *   They get `isBright` from a module of its own, with the same code.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ESTree, type Plugin, parseSync } from 'vite';

/** A name an index imports: from which file, and which of that file's exports. */
interface Imported {
  source: string;
  name: string;
}

/**
 * The index as re-exports, or null when it is not only imports and exports of imported names
 * (then it is left as it is).
 */
export function asReexports(code: string, id: string): string | null {
  const program = parseSync(id, code).program;
  const imported = new Map<string, Imported>();
  const lines: string[] = [];
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      if (statement.importKind === 'type') continue;
      for (const specifier of statement.specifiers) {
        if (specifier.type === 'ImportNamespaceSpecifier') return null;
        const name =
          specifier.type === 'ImportDefaultSpecifier'
            ? 'default'
            : specifier.imported.type === 'Identifier'
              ? specifier.imported.name
              : String(specifier.imported.value);
        imported.set(specifier.local.name, { source: statement.source.value, name });
      }
      continue;
    }
    if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      if (statement.source) {
        lines.push(code.slice(statement.start, statement.end));
        continue;
      }
      for (const specifier of statement.specifiers) {
        if (specifier.local.type !== 'Identifier') return null;
        const from = imported.get(specifier.local.name);
        if (!from) return null;
        const exported =
          specifier.exported.type === 'Identifier'
            ? specifier.exported.name
            : String(specifier.exported.value);
        lines.push(`export { ${from.name} as ${exported} } from ${JSON.stringify(from.source)};`);
      }
      continue;
    }
    if (statement.type === 'ExportDefaultDeclaration' && statement.declaration.type === 'Identifier') {
      const from = imported.get((statement.declaration as ESTree.IdentifierReference).name);
      if (!from) return null;
      lines.push(`export { ${from.name} as default } from ${JSON.stringify(from.source)};`);
      continue;
    }
    if (statement.type === 'ExportAllDeclaration') {
      lines.push(code.slice(statement.start, statement.end));
      continue;
    }
    return null;
  }
  return `${lines.join('\n')}\n`;
}

/** The plugin for the helper packages' indexes (`@rc-component/*`, side-effect free). */
export function rcBarrelReexports(): Plugin {
  return {
    name: 'steelport:rc-barrel-reexports',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]@rc-component[\\/][^\\/]+[\\/]es[\\/]index\.js$/ },
      handler(code, id) {
        const rewritten = asReexports(code, id);
        return rewritten === null ? null : { code: rewritten, map: null };
      },
    },
  };
}

const IS_BRIGHT = '\0steelport:antd-is-bright';

/** The plugin that gives antd's button and tag tokens `isBright` without the presets panel. */
export function antdIsBright(): Plugin {
  return {
    name: 'steelport:antd-is-bright',
    apply: 'build',
    // Before Vite's own resolver, which would find the presets module first.
    enforce: 'pre',
    resolveId: {
      filter: { id: /color-picker\/components\/ColorPresets$/ },
      handler(source, importer) {
        if (!importer || !/[\\/]antd[\\/]es[\\/](button|tag)[\\/]style[\\/]/.test(importer)) return null;
        return `${IS_BRIGHT}?${path.resolve(path.dirname(importer), `${source}.js`)}`;
      },
    },
    load: {
      filter: { id: /^\0steelport:antd-is-bright\?/ },
      handler(id) {
        const file = id.slice(IS_BRIGHT.length + 1);
        const code = readFileSync(file, 'utf8');
        const start = code.indexOf('export const isBright = ');
        const end = code.indexOf('\n};\n', start);
        const colorImport = code.match(
          /^import \{[^}]*Color as RcColor[^}]*\} from '@rc-component\/color-picker';$/m,
        );
        if (start < 0 || end < 0 || !colorImport) {
          this.warn(`${file} no longer defines isBright as expected: Collapse rides in the entry again`);
          return `export { isBright } from ${JSON.stringify(file)};`;
        }
        return `import { Color as RcColor } from '@rc-component/color-picker';\n${code.slice(start, end + 3)}\n`;
      },
    },
  };
}
