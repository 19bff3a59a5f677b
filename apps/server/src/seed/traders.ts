/**
 * Trading companies (贸易商): 162 invented firms spread over the markets, each with a line of
 * business, usual mills, a contact and a size (how much stock it carries). About nine in ten
 * (some 150) publish daily quotations. The first is the demo trader's firm, 上海润钢贸易有限公司,
 * contact 王强 13800000003.
 */
import type { Tx } from '../db/client.ts';
import { companies } from '../db/schema/index.ts';
import { productByKey } from './dictionaries.ts';
import { makeProfile, type TraderProfile } from './lots.ts';
import { BUSINESS_WORDS, mobilePhone, personName, TRADE_NAMES } from './names.ts';
import { MARKETS, marketByName } from './places.ts';
import type { Rng } from './random.ts';

/** The demo trader account's phone and contact name (docs/domain.md#demo-data). */
export const DEMO_TRADER = { phone: '13800000003', linkMan: '王强' } as const;

export interface TraderDef extends TraderProfile {
  name: string;
  shortName: string;
  address: string;
  contactName: string;
  contactPhone: string;
  intro: string;
  mainProducts: string;
  /** relative amount of stock it carries */
  size: number;
  /** publishes daily quotations */
  quotes: boolean;
  isDemo: boolean;
}

/** A trader with its database ids once inserted. */
export interface SeededTrader extends TraderDef {
  companyId: number;
  /** its trader user, set once users are inserted */
  userId: number;
}

/**
 * Invents the traders: the market counts of places.ts, unique legal and short names, and
 * `quoterShare` of them quoting daily (the demo trader always does).
 */
export function makeTraders(rng: Rng, taken: Set<string>, quoterShare = 0.9): TraderDef[] {
  const traders: TraderDef[] = [];
  const names = new Set<string>();
  const shortNames = new Set<string>();
  for (const market of MARKETS) {
    for (let i = 0; i < market.traders; i++) {
      const isDemo = traders.length === 0;
      let name = '上海润钢贸易有限公司';
      let shortName = '润钢贸易';
      if (!isDemo) {
        do {
          const trade = rng.pick(TRADE_NAMES);
          const [full, short] = rng.pick(BUSINESS_WORDS);
          name = `${rng.pick(market.companyPrefixes)}${trade}${full}有限公司`;
          shortName = `${trade}${short}`;
        } while (names.has(name) || shortNames.has(shortName));
      }
      names.add(name);
      shortNames.add(shortName);
      const profile = isDemo
        ? {
            market: marketByName('上海'),
            specialties: ['hrc', 'crc', 'po'] as TraderProfile['specialties'],
            mills: ['宝钢', '日照', '本钢', '鞍钢'],
          }
        : makeProfile(rng, market);
      const mainProducts = profile.specialties.map((k) => productByKey(k).name).join('、');
      traders.push({
        ...profile,
        name,
        shortName,
        address: `${market.addressPrefix}${rng.pick(['钢材市场', '钢铁城', '物流园', '商务中心'])}${rng.int(1, 30)}栋${rng.int(1, 5)}0${rng.int(1, 9)}室`,
        contactName: isDemo ? DEMO_TRADER.linkMan : personName(rng),
        contactPhone: isDemo ? DEMO_TRADER.phone : mobilePhone(rng, taken),
        intro: `${shortName}位于${market.name}，主营${mainProducts}，常备${profile.mills.join('、')}等钢厂资源，现货充足，可加工配送，欢迎来电咨询。`,
        mainProducts,
        size: isDemo ? 3 : Math.exp(rng.normal(0, 0.8)),
        quotes: isDemo || rng.chance(quoterShare),
        isDemo,
      });
    }
  }
  return traders;
}

/** Inserts the traders' companies; `createdAt` spreads over the year before `now`. */
export async function insertCompanies(
  tx: Tx,
  rng: Rng,
  traders: TraderDef[],
  now: Date,
): Promise<SeededTrader[]> {
  const rows = traders.map((t) => ({
    name: t.name,
    shortName: t.shortName,
    city: t.market.name,
    address: t.address,
    contactName: t.contactName,
    contactPhone: t.contactPhone,
    intro: t.intro,
    mainProducts: t.mainProducts,
    createdAt: new Date(now.getTime() - rng.int(60, 720) * 86_400_000),
  }));
  const inserted = await tx
    .insert(companies)
    .values(rows)
    .returning({ id: companies.id, name: companies.name });
  const ids = new Map(inserted.map((r) => [r.name, r.id]));
  return traders.map((t) => ({ ...t, companyId: ids.get(t.name) as number, userId: 0 }));
}
