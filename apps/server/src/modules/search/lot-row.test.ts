import { describe, expect, it } from 'vitest';
import { buildDictionary } from './dictionary.ts';
import { lotSearchText, understandLotRow } from './lot-row.ts';

const dict = buildDictionary({
  products: [
    { id: 1, name: '热轧卷板', aliases: ['热卷', '热轧板卷'] },
    { id: 3, name: '中厚板', aliases: ['中板'] },
  ],
  materials: [{ id: 10, name: 'Q235B' }],
  mills: [{ id: 20, name: '日照', aliases: ['日钢'], fullName: '日照钢铁控股集团有限公司' }],
  warehouses: [{ id: 30, name: '乐从钢铁世界仓', city: '乐从', market: '乐从' }],
  suppliers: [{ id: 40, shortName: '润钢' }],
});

const good = {
  product: '热卷',
  material: 'q235b',
  spec: '2.75*1250*C',
  origin: '日照',
  warehouse: '乐从钢铁世界仓',
  pieces: 3,
  weight: 25.5,
  price: 4120,
  remark: '可开平',
};

const errorsOf = (kind: 'cargo' | 'surplus' | 'quotation', input: Record<string, unknown>) => {
  const r = understandLotRow(kind, input, dict);
  return r.ok ? [] : r.errors.map((e) => [e.column, e.message]);
};

describe('understandLotRow', () => {
  it('understands a row as a trader writes it', () => {
    const r = understandLotRow('cargo', good, dict);
    expect(r).toEqual({
      ok: true,
      values: {
        productId: 1,
        materialId: 10,
        material: 'Q235B',
        spec: '2.75*1250*C',
        thickness: 2.75,
        width: 1250,
        length: null,
        form: 'coil',
        millId: 20,
        origin: '日照',
        warehouseId: 30,
        warehouseName: '乐从钢铁世界仓',
        city: '乐从',
        pieces: 3,
        weightKg: 25_500,
        priceFen: 412_000,
        remark: '可开平',
      },
    });
    if (r.ok) {
      expect(lotSearchText(r.values, '热轧卷板', '润钢')).toBe(
        '热轧卷板 Q235B 2.75*1250*C 日照 乐从钢铁世界仓 乐从 润钢 可开平',
      );
    }
  });

  it('knows a mill by its alias or full name and a product by a Latin alias in any case', () => {
    for (const origin of ['日钢', '日照钢铁控股集团有限公司']) {
      const r = understandLotRow('cargo', { ...good, origin }, dict);
      expect(r.ok && r.values.millId).toBe(20);
      // The trader's own words stay on the row.
      expect(r.ok && r.values.origin).toBe(origin);
    }
    const hrc = buildDictionary({
      products: [{ id: 1, name: '热轧卷板', aliases: ['HRC'] }],
      materials: [],
      mills: [],
      warehouses: [{ id: 30, name: '乐从钢铁世界仓', city: '乐从', market: '乐从' }],
      suppliers: [],
    });
    const r = understandLotRow('cargo', { ...good, product: 'hrc' }, hrc);
    expect(r.ok && r.values.productId).toBe(1);
  });

  it('reads full-width text, numbers as text and 电议', () => {
    const r = understandLotRow(
      'cargo',
      {
        product: ' 热轧卷板 ',
        material: 'Ｑ２３５Ｂ',
        spec: '２．７５×１２５０×Ｃ',
        warehouse: '新仓',
        city: '上海',
        pieces: '３',
        weight: '1,025.125吨',
        price: '电议',
      },
      dict,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.values).toMatchObject({
      materialId: 10,
      spec: '2.75*1250*C',
      warehouseId: null,
      warehouseName: '新仓',
      city: '上海',
      pieces: 3,
      weightKg: 1_025_125,
      priceFen: 0,
      millId: null,
      origin: '',
    });
  });

  it('says what is wrong with each field, in Chinese', () => {
    expect(errorsOf('cargo', { ...good, product: '螺纹' })).toEqual([['品名', '品名「螺纹」不在品名表中']]);
    expect(errorsOf('cargo', { ...good, product: '' })).toEqual([['品名', '请填写品名']]);
    expect(errorsOf('cargo', { ...good, spec: '2.75-1250' })).toEqual([
      ['规格', '规格「2.75-1250」无法识别，应如 2.75*1250*C'],
    ]);
    expect(errorsOf('cargo', { ...good, warehouse: '新仓' })).toEqual([['城市', '仓库不在库中时请填写城市']]);
    expect(errorsOf('cargo', { ...good, pieces: 0 })).toEqual([['件数', '件数至少为 1']]);
    expect(errorsOf('cargo', { ...good, pieces: 1.5 })).toEqual([['件数', '件数应为整数']]);
    expect(errorsOf('cargo', { ...good, weight: 'abc' })).toEqual([['重量', '重量应为数字（吨）']]);
    expect(errorsOf('cargo', { ...good, weight: -1 })).toEqual([['重量', '重量应大于 0']]);
    expect(errorsOf('cargo', { ...good, weight: 1.2345 })).toEqual([['重量', '重量最多三位小数（吨）']]);
    expect(errorsOf('cargo', { ...good, price: '便宜' })).toEqual([
      ['单价', '单价「便宜」应为数字（元/吨）或“电议”'],
    ]);
    expect(errorsOf('cargo', { ...good, price: 100_001 })).toEqual([['单价', '单价不能超过 100000 元/吨']]);
    expect(errorsOf('cargo', { ...good, remark: '长'.repeat(201) })).toEqual([
      ['备注', '备注最多 200 个字，现有 201 个'],
    ]);
    expect(errorsOf('surplus', { ...good, grade: '优等' })).toEqual([
      ['品级', '品级应为 正品、协议品、次品、等外品 之一'],
    ]);
  });

  it('lets a quotation leave pieces and weight out', () => {
    const r = understandLotRow('quotation', { ...good, pieces: undefined, weight: undefined }, dict);
    expect(r.ok && r.values).toMatchObject({ pieces: 0, weightKg: 0, priceFen: 412_000 });
  });

  it('gives surplus its grade and defects', () => {
    const r = understandLotRow('surplus', { ...good, defects: '边浪' }, dict);
    expect(r.ok && r.values).toMatchObject({ grade: '正品', defects: '边浪' });
  });
});
