import { describe, expect, it } from 'vitest';
import { buildSearchText } from './search-text.ts';

describe('buildSearchText', () => {
  it('joins the searchable words with single spaces, the spec in canonical form', () => {
    expect(
      buildSearchText({
        product: '热轧卷板',
        material: 'Q235B',
        spec: '2.75 x 1250 × c',
        mill: '日照',
        warehouse: '乐从钢铁世界仓',
        city: '乐从',
        supplier: '润钢贸易',
        remark: '  可议价   包出库 ',
      }),
    ).toBe('热轧卷板 Q235B 2.75*1250*C 日照 乐从钢铁世界仓 乐从 润钢贸易 可议价 包出库');
  });

  it('leaves out missing parts', () => {
    expect(buildSearchText({ product: '中厚板', material: null, spec: '', mill: undefined })).toBe('中厚板');
  });
});
