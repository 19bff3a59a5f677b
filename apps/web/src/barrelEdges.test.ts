import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { asReexports } from '../barrelEdges.ts';

const require = createRequire(import.meta.url);

// The build rewrites helper packages' indexes as re-exports (barrelEdges.ts), so an import of one
// part no longer links every part into the entry chunk.
describe('helper package indexes as re-exports', () => {
  it('exports the same names from the same files', () => {
    const index = [
      'import BaseInput from "./BaseInput";',
      'import Input from "./Input";',
      'import TextArea from "./TextArea";',
      'export { default as ResizableTextArea } from "./ResizableTextArea";',
      'export { BaseInput, TextArea };',
      'export default Input;',
    ].join('\n');
    expect(asReexports(index, 'index.js')?.trim().split('\n')).toEqual([
      'export { default as ResizableTextArea } from "./ResizableTextArea";',
      'export { default as BaseInput } from "./BaseInput";',
      'export { default as TextArea } from "./TextArea";',
      'export { default as default } from "./Input";',
    ]);
    expect(
      asReexports('import C, { gen } from "./C";\nexport { gen as make };\nexport default C;', 'i.js'),
    ).toBe('export { gen as make } from "./C";\nexport { default as default } from "./C";\n');
  });

  it('leaves an index that runs code alone', () => {
    expect(asReexports('import A from "./A";\nA.Item = 1;\nexport default A;', 'index.js')).toBeNull();
    expect(asReexports('import * as all from "./A";\nexport { all };', 'index.js')).toBeNull();
  });

  it('rewrites the indexes that rode in the entry (rc-input, rc-motion)', () => {
    for (const name of ['@rc-component/input', '@rc-component/motion']) {
      const file = require.resolve(name).replace(/lib[\\/]index\.js$/, 'es/index.js');
      expect(asReexports(readFileSync(file, 'utf8'), file), name).not.toBeNull();
    }
  });
});
