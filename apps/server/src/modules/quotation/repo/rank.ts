/**
 * The active-trader ranking (getRank) from the activity counters (user_activity): per firm, the
 * quotes it published, the stock and surplus lots it published or updated and the enquiries it
 * answered over a span of days. Logins count for nothing.
 */
import { and, asc, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { companies, userActivity } from '../../../db/schema/index.ts';
import { traderUserIdOf } from '../../search/sql.ts';

/** Points per action (contracts RANK_WEIGHTS), as the SQL ranks by them. */
export interface RankWeights {
  quote: number;
  stock: number;
  surplus: number;
  enquiryAnswered: number;
}

/** One ranked firm as stored. */
export interface RankRow {
  companyId: number;
  userId: number | null;
  name: string;
  shortName: string;
  city: string;
  quotes: number;
  stock: number;
  answered: number;
  score: number;
}

/** The `limit` most active firms from `from` to `to` (days, both included), highest score first. */
export async function activityRank(
  db: DbOrTx,
  span: { from: string; to: string },
  weights: RankWeights,
  limit: number,
): Promise<RankRow[]> {
  const a = userActivity;
  const sumOf = (kinds: string[]) =>
    sql<number>`coalesce(sum(${a.count}) filter (where ${a.kind} in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )})), 0)::int`;
  const score = sql<number>`coalesce(sum(${a.count} * case ${a.kind}
      when 'quote' then ${weights.quote}::int
      when 'stock' then ${weights.stock}::int
      when 'surplus' then ${weights.surplus}::int
      when 'enquiry_answered' then ${weights.enquiryAnswered}::int
      else 0 end), 0)::int`;
  const ranked = db
    .select({
      companyId: sql<number>`${a.companyId}`.as('company_id'),
      quotes: sumOf(['quote']).as('quotes'),
      stock: sumOf(['stock', 'surplus']).as('stock'),
      answered: sumOf(['enquiry_answered']).as('answered'),
      score: score.as('score'),
    })
    .from(a)
    .where(and(gte(a.day, span.from), lte(a.day, span.to), isNotNull(a.companyId)))
    .groupBy(a.companyId)
    .as('ranked');
  return db
    .select({
      companyId: companies.id,
      userId: traderUserIdOf(companies.id),
      name: companies.name,
      shortName: companies.shortName,
      city: companies.city,
      quotes: ranked.quotes,
      stock: ranked.stock,
      answered: ranked.answered,
      score: ranked.score,
    })
    .from(ranked)
    .innerJoin(companies, eq(companies.id, ranked.companyId))
    .where(sql`${ranked.score} > 0`)
    .orderBy(desc(ranked.score), asc(companies.id))
    .limit(limit);
}
