import { TRADER_LIMITS } from '@steelport/contracts';
import { describe, expect, it } from 'vitest';
import { badCell, checkSheetFile, kindFromQuery, progressPercent, sampleColumns } from './importRules.ts';

describe('import wizard rules', () => {
  it('reads the kind from the URL, stock by default', () => {
    expect(kindFromQuery('surplus')).toBe('surplus');
    expect(kindFromQuery('quotation')).toBe('quotation');
    expect(kindFromQuery('nonsense')).toBe('cargo');
    expect(kindFromQuery(null)).toBe('cargo');
  });

  it('refuses other files and files over the limit before sending', () => {
    expect(checkSheetFile({ name: '库存.xlsx', size: 1000 })).toBeNull();
    expect(checkSheetFile({ name: 'stock.CSV', size: 1000 })).toBeNull();
    expect(checkSheetFile({ name: 'stock.xls', size: 1000 })).toEqual({ reason: 'type' });
    expect(checkSheetFile({ name: 'a.xlsx', size: TRADER_LIMITS.importFileBytes + 1 })).toEqual({
      reason: 'size',
      size: TRADER_LIMITS.importFileBytes + 1,
    });
  });

  it('labels the sample columns in Chinese', () => {
    expect(
      sampleColumns(
        [{ product: '热轧卷板', spec: '2.75*1250*C', extra: 1 }],
        [{ header: '附加', field: 'extra' }],
      ),
    ).toEqual([
      { key: 'product', label: '品名' },
      { key: 'spec', label: '规格' },
      { key: 'extra', label: '附加' },
    ]);
  });

  it('computes whole percentages', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(250, 1000)).toBe(25);
    expect(progressPercent(999, 1000)).toBe(99);
    expect(progressPercent(1000, 1000)).toBe(100);
  });

  it("marks the cells an error names by the sheet's own header, split specs by each part", () => {
    const errors = [{ column: '存放仓库' }, { column: '厚度+宽度+长度' }, { column: '' }];
    expect(badCell(errors, '存放仓库')).toBe(true);
    expect(badCell(errors, '宽度')).toBe(true);
    expect(badCell(errors, '仓库')).toBe(false);
    expect(badCell([], '品名')).toBe(false);
  });
});
