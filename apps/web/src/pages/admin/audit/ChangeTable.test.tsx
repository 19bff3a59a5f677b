import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { ChangeTable, changeLines, valueText } from './ChangeTable.tsx';

beforeAll(async () => {
  initI18n('zh-CN');
  // The console's texts join when the console loads (i18n/admin.ts).
  await import('../../../i18n/admin.ts');
});

describe('an audit row’s change', () => {
  it('lists every field once, the changed ones first', () => {
    const before = { id: 7, beans: 10, disabledAt: null, linkMan: '王' };
    const after = { id: 7, beans: 30, disabledAt: null, linkMan: '王' };
    expect(changeLines(before, after).map((line) => [line.key, line.changed])).toEqual([
      ['beans', true],
      ['id', false],
      ['disabledAt', false],
      ['linkMan', false],
    ]);
    // a creation: every field of the after is a change
    expect(changeLines(null, { id: 1, name: 'x' }).every((line) => line.changed)).toBe(true);
  });

  it('names the fields in Chinese, the code beside, and reads the values as an operator would', () => {
    const t = i18n.getFixedT('zh-CN');
    const html = renderToStaticMarkup(
      <ChangeTable
        before={{ beans: 10, linkMan: '王经理', active: true, tags: ['热卷', '库存'], widget: 1 }}
        after={{ beans: 30, linkMan: '王经理', active: false, tags: ['热卷', '库存'], widget: 2 }}
        t={t}
      />,
    );
    expect(html).toContain(
      '<th scope="row">钢豆<span class="sp-admin-change__code">beans</span></th><td>10</td><td>30</td>',
    );
    expect(html).toContain('<th scope="row">联系人<span class="sp-admin-change__code">linkMan</span></th>');
    expect(html).toContain('<td>是</td><td>否</td>');
    expect(html).toContain('<td>热卷、库存</td>');
    // a field without a name shows its code, and nothing is hidden
    expect(html).toContain('<th scope="row">widget</th><td>1</td><td>2</td>');
    expect(valueText(null, t)).toBe('（无）');
    expect(valueText({ from: 'a', to: 'b' }, t)).toBe('{"from":"a","to":"b"}');
  });

  it('shows a snapshot that is not an object as one line', () => {
    expect(changeLines([1, 2], null)).toEqual([{ key: '', before: [1, 2], after: null, changed: true }]);
  });
});
