/**
 * Build plugin: antd's Table without the three features the portal never uses.
 *
 * The table imports its column-filter dropdown (which brings antd's tree, menu, dropdown, radio
 * and checkbox with their rc-component engines), its virtual body (rc-table's virtual table and
 * rc-virtual-list) and the dropdown of row-selection menus (全选所有, 反选) at load, though it
 * renders them only for a column with `filters` or `filterDropdown`, for `<Table virtual>` and
 * for `rowSelection.selections`. Every screen with a table downloaded them before its first
 * paint. The build swaps the imports for this plugin's module: `flattenKeys` as antd writes it
 * (the table's filter state calls it with no filters) and components that throw if ever
 * rendered. `antdTableTrim.test.ts` keeps the portal's sources free of the three features, so
 * that throw is never reached; a screen that needs one removes its swap here.
 */
import type { Plugin } from 'vite';

const MODULE_ID = '\0steelport:antd-table-trim';

/** The imports replaced: antd module (path under antd/es/table) and the exact import line. */
export const TABLE_SWAPS = [
  {
    file: /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
    from: "import FilterDropdown, { flattenKeys } from './FilterDropdown';",
    to: `import { FilterDropdown, flattenKeys } from '${MODULE_ID}';`,
  },
  {
    file: /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/,
    from: "import Dropdown from '../../dropdown';",
    to: `import { SelectionsDropdown as Dropdown } from '${MODULE_ID}';`,
  },
  {
    file: /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/]InternalTable\.js$/,
    from: "import RcVirtualTable from './RcTable/VirtualTable';",
    to: `import { VirtualTable as RcVirtualTable } from '${MODULE_ID}';`,
  },
];

const MODULE = `
export function flattenKeys(filters) {
  const keys = [];
  for (const { value, children } of filters || []) {
    keys.push(value);
    if (children) keys.push(...flattenKeys(children));
  }
  return keys;
}
function leftOut(feature) {
  return function LeftOut() {
    throw new Error('antd Table ' + feature + ' are left out of this build (apps/web/antdTableTrim.ts)');
  };
}
export const FilterDropdown = leftOut('column filters');
export const VirtualTable = leftOut('virtual bodies');
export const SelectionsDropdown = leftOut('selection menus');
`;

/** The plugin; production builds only (development keeps antd whole). */
export function antdTableTrim(): Plugin {
  return {
    name: 'steelport:antd-table-trim',
    apply: 'build',
    resolveId: (id) => (id === MODULE_ID ? id : null),
    load: (id) => (id === MODULE_ID ? MODULE : null),
    transform: {
      filter: { id: /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/].+\.js$/ },
      handler(code, id) {
        const swap = TABLE_SWAPS.find((s) => s.file.test(id));
        if (!swap) return null;
        if (!code.includes(swap.from)) {
          this.warn(`${id} no longer has "${swap.from}": the table's unused parts ride along again`);
          return null;
        }
        return { code: code.replace(swap.from, swap.to), map: null };
      },
    },
  };
}
