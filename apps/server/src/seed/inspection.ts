/**
 * Warehouse inspection demo data (验货): more partner warehouses so every region has some (the
 * trade's own markets sit in 华东, 华南, 华北 and 华中), and the demo member's requests in every
 * state with traced steps and photos drawn in code (modules/upload/photos.ts), plus two finished
 * ones for the VIP demo user. Deterministic given the rng.
 *
 * The demo requests record no beans: the members' bean ledgers are written by users.ts, and a
 * charge here without its ledger line would break "balance = sum of the ledger".
 */
import { eq, inArray } from 'drizzle-orm';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../dates.ts';
import type { Tx } from '../db/client.ts';
import {
  type InspectionStatus,
  inspectionSteps,
  inspections,
  uploads,
  users,
  warehouses,
} from '../db/schema/index.ts';
import { ensureSwitches } from '../modules/open-check/repo.ts';
import { generatedKey, renderPhoto } from '../modules/upload/photos.ts';
import { mobilePhone, personName } from './names.ts';
import type { Rng } from './random.ts';
import { DEMO_ACCOUNTS } from './users.ts';

type Region = (typeof warehouses.$inferInsert)['region'];

/** Partner warehouses outside the index markets: [region, province, city, name, address, capacity t]. */
const EXTRA_PARTNERS: [Region, string, string, string, string, number][] = [
  ['东北', '辽宁', '沈阳', '沈阳于洪钢材物流园', '辽宁省沈阳市于洪区沙岭街道', 90_000],
  ['东北', '辽宁', '大连', '大连港钢材仓', '辽宁省大连市甘井子区大连湾', 70_000],
  ['东北', '吉林', '长春', '长春兴隆钢材仓', '吉林省长春市兴隆综合保税区', 50_000],
  ['东北', '黑龙江', '哈尔滨', '哈尔滨哈南钢材物流园', '黑龙江省哈尔滨市平房区哈南工业新城', 45_000],
  ['西南', '四川', '成都', '成都青白江钢材物流园', '四川省成都市青白江区铁路港', 110_000],
  ['西南', '重庆', '重庆', '重庆西彭钢材仓', '重庆市九龙坡区西彭镇', 80_000],
  ['西南', '云南', '昆明', '昆明王家营钢材仓', '云南省昆明市官渡区王家营', 50_000],
  ['西北', '陕西', '西安', '西安国际港务区钢材仓', '陕西省西安市灞桥区港务大道', 90_000],
  ['西北', '甘肃', '兰州', '兰州西固钢材物流园', '甘肃省兰州市西固区', 40_000],
  ['西北', '新疆', '乌鲁木齐', '乌鲁木齐北站钢材仓', '新疆维吾尔自治区乌鲁木齐市新市区', 40_000],
  ['华中', '河南', '郑州', '郑州圃田钢材物流园', '河南省郑州市中牟县圃田乡', 100_000],
  ['华中', '湖南', '长沙', '长沙金霞钢材仓', '湖南省长沙市开福区金霞经济开发区', 70_000],
];

const INSPECTORS = ['王建国', '刘志强', '陈海峰', '赵立新', '孙国栋'];
const COIL_PREFIX = ['B24H', 'SG', 'AG24', 'MG', 'HG23', 'RZ'];

/** The steps an inspection goes through, with what the inspector writes and how many photos. */
const STEP_PLAN: { title: string; findings: string[]; photos: number }[] = [
  {
    title: '已受理',
    findings: ['已安排验货员，将按期望日期到库', '已与仓库确认货位，安排验货员'],
    photos: 0,
  },
  {
    title: '到库核对',
    findings: ['卷号、规格与入库单相符，货位在 {bay} 区', '卷号与标签一致，钢卷码放整齐，货位 {bay} 区'],
    photos: 2,
  },
  {
    title: '外观检查',
    findings: [
      '表面无锈蚀、无划伤，边部平整；包装完好',
      '外圈轻微擦伤约 0.3 m，不影响使用；其余表面良好',
      '内圈有少量压痕，已拍照；包装钢带完好',
    ],
    photos: 2,
  },
  { title: '出具报告', findings: ['验货完成，报告已出具'], photos: 1 },
];

const CONCLUSIONS = [
  '货物与单据相符，外观良好，可以提货。',
  '货物与单据相符；外圈轻微擦伤，建议与卖方协商后提货。',
  '数量、规格相符，包装完好，符合合同要求。',
];

/** What each demo request looks like: its state, how many days ago it was made, steps done. */
const MEMBER_PLAN: { status: InspectionStatus; daysAgo: number; steps: number }[] = [
  { status: 'requested', daysAgo: 0, steps: 0 },
  { status: 'requested', daysAgo: 1, steps: 0 },
  { status: 'accepted', daysAgo: 2, steps: 1 },
  { status: 'in_progress', daysAgo: 3, steps: 2 },
  { status: 'in_progress', daysAgo: 4, steps: 3 },
  { status: 'done', daysAgo: 9, steps: 4 },
  { status: 'done', daysAgo: 16, steps: 4 },
  { status: 'done', daysAgo: 30, steps: 4 },
  { status: 'cancelled', daysAgo: 12, steps: 1 },
];
const VIP_PLAN: typeof MEMBER_PLAN = [
  { status: 'done', daysAgo: 6, steps: 4 },
  { status: 'in_progress', daysAgo: 1, steps: 2 },
];

/** Inserts the extra partners and the demo requests; returns the counts. */
export async function seedInspections(
  tx: Tx,
  rng: Rng,
  ctx: { now: Date; taken: Set<string> },
): Promise<{ partners: number; inspections: number; photos: number }> {
  // after `seed --reset` truncated them: the services open as the migration left them
  await ensureSwitches(tx);
  await tx.insert(warehouses).values(
    EXTRA_PARTNERS.map(([region, province, city, name, address, capacity], i) => ({
      name,
      city,
      market: city,
      region,
      province,
      address,
      capacityTonnes: capacity,
      inspectionPartner: true,
      contactName: personName(rng),
      contactPhone: mobilePhone(rng, ctx.taken),
      sort: 100 + i,
    })),
  );
  const partners = await tx
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.inspectionPartner, true))
    .orderBy(warehouses.id);
  const people = await tx
    .select({ id: users.id, phone: users.phone, linkMan: users.linkMan })
    .from(users)
    .where(inArray(users.phone, [DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.vip.phone]));
  let made = 0;
  let photos = 0;
  for (const person of people) {
    const plan = person.phone === DEMO_ACCOUNTS.member.phone ? MEMBER_PLAN : VIP_PLAN;
    for (const item of plan) {
      const created = new Date(ctx.now.getTime() - item.daysAgo * DAY_MS + rng.int(9, 17) * HOUR_MS);
      const coils = Array.from({ length: rng.int(1, 4) }, () => `${rng.pick(COIL_PREFIX)}${rng.digits(7)}`);
      const warehouse = rng.pick(partners);
      const [row] = await tx
        .insert(inspections)
        .values({
          userId: person.id,
          warehouseId: warehouse.id,
          coilNumbers: coils,
          requestedDate: new Date(created.getTime() + DAY_MS).toISOString().slice(0, 10),
          contactName: person.linkMan,
          contactPhone: person.phone,
          remark: rng.pick(['', '重点看表面和边部', '请核对件数与重量', '提货前确认包装']),
          status: item.status,
          conclusion: item.status === 'done' ? rng.pick(CONCLUSIONS) : '',
          createdAt: created,
          updatedAt: created,
        })
        .returning({ id: inspections.id });
      made += 1;
      const inspector = rng.pick(INSPECTORS);
      const hue = rng.int(0, 359);
      for (let s = 0; s < item.steps; s += 1) {
        const plan = STEP_PLAN[s]!;
        const cancelled = item.status === 'cancelled';
        const at = new Date(created.getTime() + (s + 1) * 5 * HOUR_MS + rng.int(0, 50) * MINUTE_MS);
        const photoIds: string[] = [];
        for (let n = 0; n < (cancelled ? 0 : plan.photos); n += 1) {
          const coil = coils[n % coils.length]!;
          const caption = `${plan.title} · ${coil}`;
          const [photo] = await tx
            .insert(uploads)
            .values({
              ownerUserId: person.id,
              purpose: 'inspection_photo',
              originalName: caption,
              storageKey: generatedKey(hue, coil, row!.id * 10 + s * 3 + n),
              mime: 'image/svg+xml',
              sizeBytes: Buffer.byteLength(renderPhoto({ hue, coil, caption })),
              createdAt: at,
            })
            .returning({ id: uploads.id });
          photoIds.push(String(photo!.id));
          photos += 1;
        }
        await tx.insert(inspectionSteps).values({
          inspectionId: row!.id,
          step: s + 1,
          title: cancelled ? '已取消' : plan.title,
          at,
          inspector: cancelled ? '' : inspector,
          findings: cancelled
            ? '客户来电取消：货物已提走'
            : rng.pick(plan.findings).replace('{bay}', `${rng.pick(['A', 'B', 'C', 'D'])}${rng.int(1, 20)}`),
          photos: photoIds,
        });
      }
    }
  }
  return { partners: partners.length, inspections: made, photos };
}
