import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TABLE_SWAPS } from '../antdTableTrim.ts';

const srcDir = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// The build leaves antd Table's column filters and virtual body out (antdTableTrim.ts): a screen
// using either would throw in production only. These rules fail first.
describe('antd Table features left out of the build', () => {
  const files = sources(srcDir).map((file) => ({
    file: path.relative(srcDir, file),
    code: readFileSync(file, 'utf8'),
  }));

  it('no column declares filters', () => {
    const using = files.filter(({ code }) =>
      /\b(filterDropdown|onFilter|filteredValue|defaultFilteredValue|filterMode|filterSearch|filterIcon)\b|\bfilters\s*:\s*\[\s*\{\s*text\b/.test(
        code,
      ),
    );
    expect(using.map(({ file }) => file)).toEqual([]);
  });

  it('no row selection offers menus', () => {
    const using = files.filter(({ code }) => /\bselections\s*:/.test(code));
    expect(using.map(({ file }) => file)).toEqual([]);
  });

  it('no table is virtual', () => {
    const tables = files.filter(({ code }) => /\bTable\b/.test(code) && /from 'antd'/.test(code));
    const using = tables.filter(({ code }) => /<Table\b[^>]*\svirtual[\s=/>]/.test(code));
    expect(using.map(({ file }) => file)).toEqual([]);
  });

  it('still finds each import it replaces in the installed antd', () => {
    const require = createRequire(import.meta.url);
    const tableDir = path.dirname(require.resolve('antd/es/table/index.js'));
    const files = {
      'hooks/useFilter/index.js': readFileSync(path.join(tableDir, 'hooks/useFilter/index.js'), 'utf8'),
      'InternalTable.js': readFileSync(path.join(tableDir, 'InternalTable.js'), 'utf8'),
      'hooks/useSelection.js': readFileSync(path.join(tableDir, 'hooks/useSelection.js'), 'utf8'),
    };
    for (const swap of TABLE_SWAPS) {
      const [name, code] =
        Object.entries(files).find(([file]) => swap.file.test(path.join(tableDir, file))) ?? [];
      expect(name, String(swap.file)).toBeDefined();
      expect(code).toContain(swap.from);
    }
  });
});
