import { describe, expect, it } from 'vitest';
import {
  crossModuleRepoImports,
  functionLengths,
  isTest,
  missingFiles,
  sharedWrites,
  tablesOf,
} from './shape.mjs';

const mod = (name, file) => `apps/server/src/modules/${name}/${file}`;

describe('crossModuleRepoImports', () => {
  it("names a module's import of another module's repo, by file or folder", () => {
    const found = crossModuleRepoImports(
      new Map([
        [mod('beans', 'service.ts'), "import { insertBeanMovement } from '../account/repo.ts';"],
        [mod('quotation', 'repo/quotes.ts'), "import { facetCounts } from '../../search/repo/facets.ts';"],
      ]),
    );
    expect(found).toEqual([
      `${mod('beans', 'service.ts')} imports ${mod('account', 'repo.ts')}`,
      `${mod('quotation', 'repo/quotes.ts')} imports ${mod('search', 'repo/facets.ts')}`,
    ]);
  });

  it('passes its own repo, other services, the search kit, tests and code outside modules', () => {
    const found = crossModuleRepoImports(
      new Map([
        [
          mod('beans', 'service.ts'),
          "import * as repo from './repo.ts';\nimport { x } from '../account/service.ts';",
        ],
        [mod('quotation', 'repo/quotes.ts'), "import { facetCounts } from '../../search/sql.ts';"],
        [mod('beans', 'beans.test.ts'), "import { rows } from '../account/repo.ts';"],
        ['apps/server/src/seed/users.ts', "import { rows } from '../modules/account/repo.ts';"],
      ]),
    );
    expect(found).toEqual([]);
  });
});

describe('sharedWrites', () => {
  const tables = tablesOf([
    [
      'apps/server/src/db/schema/users.ts',
      "export const users = pgTable(\n  'users',\n  {});\nexport const sessions = pgTable('sessions', {});",
    ],
  ]);

  it('names a table that two modules write, through Drizzle or in sql', () => {
    const found = sharedWrites(
      new Map([
        [mod('account', 'repo.ts'), 'await db.insert(sessions).values(row);'],
        [
          mod('admin-users', 'repo.ts'),
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a tagged template
          'await db.execute(sql`delete from ${sessions} where user_id = ${id}`);',
        ],
      ]),
      tables,
    );
    expect(found).toEqual(['sessions by account/repo.ts; admin-users/repo.ts']);
  });

  it("passes one owner, readers, tests and the beans module's balance column", () => {
    const found = sharedWrites(
      new Map([
        [mod('account', 'repo.ts'), 'await db.update(users).set({ name });'],
        [mod('beans', 'repo.ts'), 'await db.update(users).set({ beans });'],
        [mod('admin-users', 'repo.ts'), 'await db.select().from(users);'],
        [mod('admin-users', 'admin-users.test.ts'), 'await db.update(users).set({ role });'],
      ]),
      tables,
    );
    expect(found).toEqual([]);
  });
});

describe('functionLengths', () => {
  it('measures declarations and arrow components, nested ones too', () => {
    const text = [
      'export function Page() {',
      '  const Row = () => (',
      '    <tr />',
      '  );',
      '  return <Row />;',
      '}',
    ].join('\n');
    expect(functionLengths('Page.tsx', text)).toEqual([
      { name: 'Page', lines: 6 },
      { name: 'Row', lines: 3 },
    ]);
  });
});

describe('missingFiles', () => {
  const repo = {
    'docs/api.md': '# API\n\n## Access levels\n',
    'apps/server/src/modules/search/repo/lots.ts': 'export function lotConditions() {}',
  };
  const resolve = (_file, name) => Object.keys(repo).filter((f) => f === name || f.endsWith(`/${name}`));
  const read = (f) => repo[f];

  it('names a cited file the repo does not hold, once per file', () => {
    const files = [['apps/web/src/api/lots.ts', '/** API.md §3.2 and again API.md; see docs/api.md */']];
    expect(missingFiles(files, resolve, read)).toEqual(['apps/web/src/api/lots.ts cites API.md']);
  });

  it('names a section of the specification outside the repo', () => {
    const files = [['apps/web/src/auth/session.ts', '/** The stored session (PORTAL §3). */']];
    expect(missingFiles(files, resolve, read)).toEqual([
      'apps/web/src/auth/session.ts cites PORTAL §3, which is outside the repo',
    ]);
  });

  it('names a heading or an identifier the cited file does not hold', () => {
    const files = [
      [
        'apps/server/src/modules/cargo/service.ts',
        [
          '// docs/api.md#access-levels and search/repo/lots.ts#lotConditions hold;',
          '// docs/api.md#paging and search/repo/lots.ts#rowsInOrder do not.',
          "const url = 'http://example.com/x.ts'; // code itself is not read",
        ].join('\n'),
      ],
    ];
    expect(missingFiles(files, resolve, read)).toEqual([
      'apps/server/src/modules/cargo/service.ts cites docs/api.md#paging',
      'apps/server/src/modules/cargo/service.ts cites search/repo/lots.ts#rowsInOrder',
    ]);
  });
});

describe('isTest', () => {
  it('tells tests and their support from shipped code', () => {
    expect(isTest('apps/server/src/modules/vip/vip.test.ts')).toBe(true);
    expect(isTest('apps/server/src/test/app.ts')).toBe(true);
    expect(isTest('apps/web/e2e/helpers.ts')).toBe(true);
    expect(isTest('apps/server/src/modules/vip/service.ts')).toBe(false);
  });
});
