// @vitest-environment happy-dom
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { mount, rerender } from '../testing/mount.ts';
import { type DataColumns, DataTable, nextSortOrder, type SortOrder, SummaryCell } from './DataTable.tsx';

let host: HTMLElement;
const render = (node: React.ReactNode) => {
  host = mount(node);
};

beforeAll(() => {
  initI18n('zh-CN');
});

interface Lot {
  id: number;
  product: string;
  price: number;
}

const ROWS: Lot[] = [
  { id: 1, product: '热卷', price: 3880 },
  { id: 2, product: '冷卷', price: 4420 },
];

function columns(order: SortOrder = null): DataColumns<Lot> {
  return [
    { key: 'product', dataIndex: 'product', title: '品名', width: 80, fixed: 'start', ellipsis: true },
    {
      key: 'price',
      dataIndex: 'price',
      title: '单价',
      width: 100,
      align: 'end',
      render: (price: number) => `${price} 元/吨`,
      sorter: true,
      sortOrder: order,
      sortDirections: ['ascend', 'descend'],
    },
  ];
}

const texts = (selector: string) => [...host.querySelectorAll(selector)].map((el) => el.textContent);

describe('nextSortOrder', () => {
  it('steps through the column’s directions, then clears the sort', () => {
    expect(nextSortOrder(null, ['descend', 'ascend'])).toBe('descend');
    expect(nextSortOrder('descend', ['descend', 'ascend'])).toBe('ascend');
    expect(nextSortOrder('ascend', ['descend', 'ascend'])).toBe(null);
    expect(nextSortOrder(null)).toBe('ascend');
  });
});

describe('DataTable', () => {
  it('draws antd’s table markup: a header, a row per record with its key, rendered cells', () => {
    render(<DataTable<Lot> rowKey="id" size="small" bordered columns={columns()} dataSource={ROWS} />);
    expect(
      host.querySelector('.ant-table-wrapper .ant-table.ant-table-small.ant-table-bordered'),
    ).not.toBeNull();
    expect(texts('thead th')).toEqual(['品名', '单价']);
    expect(
      [...host.querySelectorAll('tbody tr.ant-table-row')].map((tr) => tr.getAttribute('data-row-key')),
    ).toEqual(['1', '2']);
    expect(texts('tbody tr:first-child td')).toEqual(['热卷', '3880 元/吨']);
    const price = host.querySelector<HTMLElement>('tbody tr td:nth-child(2)');
    expect(price?.style.textAlign).toBe('end');
    // An ellipsis cell carries its whole text as its title.
    expect(host.querySelector('tbody td.ant-table-cell-ellipsis')?.getAttribute('title')).toBe('热卷');
  });

  it('keeps a fixed column in place, with its shadow class, when the table scrolls sideways', () => {
    render(<DataTable<Lot> rowKey="id" columns={columns()} dataSource={ROWS} scroll={{ x: 600 }} />);
    const cell = host.querySelector<HTMLElement>('tbody td.ant-table-cell-fix-start');
    expect(cell?.className).toContain('ant-table-cell-fix-start-shadow');
    expect(cell?.style.insetInlineStart).toMatch(/^0(px)?$/);
    expect(host.querySelector<HTMLElement>('table')?.style.width).toBe('600px');
    expect(host.querySelector('.ant-table')?.className).toContain('ant-table-has-fix-start');
  });

  it('asks for the next order on a header click or Enter, and marks the sorted column', () => {
    const asked: [string, SortOrder][] = [];
    render(
      <DataTable<Lot>
        rowKey="id"
        columns={columns('ascend')}
        dataSource={ROWS}
        onSort={(key, order) => asked.push([key, order])}
      />,
    );
    const header = host.querySelector<HTMLElement>('th.ant-table-column-has-sorters');
    expect(header?.getAttribute('aria-sort')).toBe('ascending');
    expect(header?.querySelector('.ant-table-column-sorter-up')?.className).toContain('active');
    expect(host.querySelector('tbody td.ant-table-column-sort')).not.toBeNull();
    act(() => header?.click());
    act(() => header?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    expect(asked).toEqual([
      ['price', 'descend'],
      ['price', 'descend'],
    ]);
  });

  it('shows the empty text with no rows, and a spinner over rows being refreshed', () => {
    render(
      <DataTable<Lot> rowKey="id" columns={columns()} dataSource={[]} locale={{ emptyText: '没有现货' }} />,
    );
    expect(host.querySelector('tr.ant-table-placeholder td')?.getAttribute('colspan')).toBe('2');
    expect(host.querySelector('tr.ant-table-placeholder')?.textContent).toBe('没有现货');
    rerender(<DataTable<Lot> rowKey="id" columns={columns()} dataSource={ROWS} loading />);
    expect(host.querySelector('.ant-spin-spinning .ant-spin-dot')).not.toBeNull();
    expect(host.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(2);
  });

  it('pages through Pager: the total, page links and the page-size menu', () => {
    const asked: [number, number][] = [];
    render(
      <DataTable<Lot>
        rowKey="id"
        columns={columns()}
        dataSource={ROWS}
        summary={
          <tr>
            <SummaryCell colSpan={2}>合计</SummaryCell>
          </tr>
        }
        pagination={{
          current: 1,
          pageSize: 20,
          total: 45,
          pageSizeOptions: [20, 50],
          showTotal: (total) => `共 ${total} 条`,
          hrefOf: (page) => `?page=${page}`,
          onChange: (page, pageSize) => asked.push([page, pageSize]),
        }}
      />,
    );
    expect(host.querySelector('tfoot.ant-table-summary td')?.textContent).toBe('合计');
    const pager = host.querySelector('ul.ant-table-pagination');
    expect(pager?.querySelector('.ant-pagination-total-text')?.textContent).toBe('共 45 条');
    expect(pager?.querySelector('.ant-pagination-item-3 a')?.getAttribute('href')).toBe('?page=3');
    act(() => pager?.querySelector<HTMLAnchorElement>('.ant-pagination-item-2 a')?.click());
    const size = pager?.querySelector<HTMLSelectElement>('.ant-pagination-options select');
    expect([...(size?.options ?? [])].map((option) => option.text)).toEqual(['20 条/页', '50 条/页']);
    act(() => {
      if (!size) return;
      size.value = '50';
      size.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(asked).toEqual([
      [2, 20],
      [1, 50],
    ]);
  });
});
