/**
 * Mills (钢厂, shown as 产地 origin): what each typically rolls, the coil widths of its hot strip
 * mill, its premium over the market level (宝钢 sells higher than 日照 for the same spec) and
 * how much of the market's stock it supplies.
 */
import type { ProductKey } from './dictionaries.ts';

export interface MillDef {
  name: string;
  /** the mill's common English name (Baosteel); migration 0028_english-names holds the same */
  nameEn: string;
  fullName: string;
  province: string;
  /** other names traders type (migration 0024_vocabulary holds the same) */
  aliases: string[];
  products: ProductKey[];
  /** coil widths of its hot strip mill, mm */
  widths: number[];
  /** premium over the market level, 元/吨 */
  premium: number;
  /** relative share of stock */
  share: number;
}

const FLAT: ProductKey[] = ['hrc', 'hrs', 'crc', 'crs', 'gi', 'po'];

export const MILLS: MillDef[] = [
  {
    name: '宝钢',
    nameEn: 'Baosteel',
    aliases: ['宝山钢铁', '宝武', '宝钢股份'],
    fullName: '宝山钢铁股份有限公司',
    province: '上海',
    products: [...FLAT, 'gl', 'plate'],
    widths: [1250, 1500, 1800],
    premium: 100,
    share: 10,
  },
  {
    name: '鞍钢',
    nameEn: 'Ansteel',
    aliases: ['鞍山钢铁'],
    fullName: '鞍钢股份有限公司',
    province: '辽宁',
    products: [...FLAT, 'gl', 'checker', 'plate'],
    widths: [1250, 1500, 1800, 2000],
    premium: 40,
    share: 8,
  },
  {
    name: '本钢',
    nameEn: 'Bengang Steel',
    aliases: ['本溪钢铁'],
    fullName: '本钢板材股份有限公司',
    province: '辽宁',
    products: [...FLAT, 'checker'],
    widths: [1250, 1500, 1800],
    premium: 10,
    share: 7,
  },
  {
    name: '首钢',
    nameEn: 'Shougang',
    aliases: ['首钢京唐', '首钢股份'],
    fullName: '首钢京唐钢铁联合有限责任公司',
    province: '河北',
    products: [...FLAT, 'gl', 'checker', 'plate'],
    widths: [1250, 1500, 1800, 2000],
    premium: 50,
    share: 7,
  },
  {
    name: '河钢',
    nameEn: 'HBIS',
    aliases: ['河北钢铁'],
    fullName: '河钢股份有限公司',
    province: '河北',
    products: ['hrc', 'hrs', 'crc', 'gi', 'plate'],
    widths: [1250, 1500],
    premium: 0,
    share: 6,
  },
  {
    name: '日照',
    nameEn: 'Rizhao Steel',
    aliases: ['日钢', '日照钢铁'],
    fullName: '日照钢铁控股集团有限公司',
    province: '山东',
    products: [...FLAT, 'checker'],
    widths: [1250, 1500],
    premium: -30,
    share: 10,
  },
  {
    name: '沙钢',
    nameEn: 'Shagang',
    aliases: ['沙钢集团'],
    fullName: '江苏沙钢集团有限公司',
    province: '江苏',
    products: ['hrc', 'hrs', 'crc', 'plate'],
    widths: [1250, 1500],
    premium: -10,
    share: 6,
  },
  {
    name: '马钢',
    nameEn: 'Masteel',
    aliases: ['马鞍山钢铁'],
    fullName: '马鞍山钢铁股份有限公司',
    province: '安徽',
    products: [...FLAT, 'gl'],
    widths: [1250, 1500, 1550],
    premium: 20,
    share: 5,
  },
  {
    name: '太钢',
    nameEn: 'TISCO',
    aliases: ['太原钢铁'],
    fullName: '山西太钢不锈钢股份有限公司',
    province: '山西',
    products: ['hrc', 'hrs', 'crc', 'plate'],
    widths: [1250, 1500, 1800],
    premium: 30,
    share: 3,
  },
  {
    name: '包钢',
    nameEn: 'Baotou Steel',
    aliases: ['包头钢铁'],
    fullName: '包头钢铁（集团）有限责任公司',
    province: '内蒙古',
    products: ['hrc', 'hrs', 'crc', 'gi', 'plate'],
    widths: [1250, 1500, 1800],
    premium: -20,
    share: 4,
  },
  {
    name: '武钢',
    nameEn: 'WISCO',
    aliases: ['武汉钢铁'],
    fullName: '武汉钢铁有限公司',
    province: '湖北',
    products: [...FLAT, 'plate'],
    widths: [1250, 1500],
    premium: 60,
    share: 4,
  },
  {
    name: '梅钢',
    nameEn: 'Meishan Steel',
    aliases: ['梅山钢铁'],
    fullName: '上海梅山钢铁股份有限公司',
    province: '江苏',
    products: ['hrc', 'crc', 'gi', 'po'],
    widths: [1250, 1500],
    premium: 60,
    share: 4,
  },
  {
    name: '涟钢',
    nameEn: 'Lianyuan Steel',
    aliases: ['涟源钢铁', '华菱涟钢'],
    fullName: '湖南华菱涟源钢铁有限公司',
    province: '湖南',
    products: [...FLAT, 'plate'],
    widths: [1250, 1500],
    premium: 0,
    share: 3,
  },
  {
    name: '邯钢',
    nameEn: 'Handan Steel',
    aliases: ['邯郸钢铁'],
    fullName: '邯郸钢铁集团有限责任公司',
    province: '河北',
    products: ['hrc', 'hrs', 'crc', 'gi', 'strip', 'plate'],
    widths: [1250, 1500, 1800],
    premium: -10,
    share: 5,
  },
  {
    name: '唐钢',
    nameEn: 'Tangshan Steel',
    aliases: ['唐山钢铁'],
    fullName: '唐山钢铁集团有限责任公司',
    province: '河北',
    products: ['hrc', 'crc', 'gi', 'strip', 'checker'],
    widths: [1250, 1500],
    premium: -10,
    share: 5,
  },
  {
    name: '湛江',
    nameEn: 'Zhanjiang Steel',
    aliases: ['湛江钢铁', '宝钢湛江'],
    fullName: '宝钢湛江钢铁有限公司',
    province: '广东',
    products: [...FLAT, 'gl', 'plate'],
    widths: [1250, 1500, 1800, 2000],
    premium: 70,
    share: 4,
  },
  {
    name: '柳钢',
    nameEn: 'Liuzhou Steel',
    aliases: ['柳州钢铁'],
    fullName: '广西柳州钢铁集团有限公司',
    province: '广西',
    products: ['hrc', 'hrs', 'crc', 'strip', 'checker', 'plate'],
    widths: [1250, 1500],
    premium: -40,
    share: 4,
  },
  {
    name: '南钢',
    nameEn: 'Nanjing Steel',
    aliases: ['南京钢铁'],
    fullName: '南京钢铁股份有限公司',
    province: '江苏',
    products: ['hrc', 'plate'],
    widths: [1500, 1800, 2000, 2200],
    premium: 20,
    share: 3,
  },
  {
    name: '新钢',
    nameEn: 'Xinyu Steel',
    aliases: ['新余钢铁'],
    fullName: '新余钢铁集团有限公司',
    province: '江西',
    products: ['hrc', 'crc', 'strip', 'plate'],
    widths: [1250, 1500],
    premium: -20,
    share: 3,
  },
  {
    name: '安钢',
    nameEn: 'Anyang Steel',
    aliases: ['安阳钢铁'],
    fullName: '安阳钢铁股份有限公司',
    province: '河南',
    products: ['hrc', 'hrs', 'checker', 'plate'],
    widths: [1250, 1500, 2000],
    premium: -30,
    share: 3,
  },
];

/** The mills that roll a product, in dictionary order. */
export function millsMaking(key: ProductKey): MillDef[] {
  return MILLS.filter((m) => m.products.includes(key));
}
