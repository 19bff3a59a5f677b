/**
 * What every part of the trader's workspace shares: the caller as a trader (its company bounds
 * every read and write), list keywords, page windows, and the kit a part is built from (the
 * clock, the form-row reader, the after-commit hook, the reprice checks).
 */
import {
  type CargoInput,
  normalizeSpecText,
  type QuotationInput,
  type SurplusInput,
} from '@steelport/contracts';
import { dayString } from '../../dates.ts';
import { BusinessError, Forbidden, Invalid } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { say } from '../../text.ts';
import type { Dictionary } from '../search/dictionary.ts';
import { understandLotRow } from '../search/lot-row.ts';
import { splitWords } from '../search/query.ts';
import type { LotKind } from '../search/service.ts';
import { deltaFen } from './present.ts';
import * as profileRepo from './repo/profile.ts';
import type { TraderDeps } from './service.ts';

/** The caller as a trader: its user and company. */
export interface Trader {
  userId: number;
  companyId: number;
}

/** The company of the caller; an operator without one has no workspace. */
export function traderOf(user: AuthUser | null): Trader {
  if (!user)
    throw new Forbidden(say('该功能仅对已认证的商家开放', 'This feature is open to verified traders only'));
  if (user.companyId === null)
    throw new Forbidden(say('该账户未关联企业', 'This account is not linked to a company'));
  return { userId: user.id, companyId: user.companyId };
}

/**
 * The words of a list keyword, each matched with ILIKE in the row's search text (a company's own
 * rows are few): a product alias (热卷) becomes its name as the text holds it, a spec its
 * canonical form (2.75×1250 -> 2.75*1250).
 */
export async function wordsOf(dictionary: Dictionary, keyword: string | undefined): Promise<string[]> {
  if (!keyword) return [];
  const dict = await dictionary.get();
  return splitWords(keyword).map((w) => {
    const productId = dict.productByName.get(w);
    if (productId !== undefined) return dict.productNames.get(productId) ?? w;
    return /\d/.test(w) ? normalizeSpecText(w) : w;
  });
}

/** A page window; deep pages beyond the workspace's limits are refused by the schema. */
export const windowOf = (q: { page: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.page - 1) * q.pageSize,
});

/** The shared helpers of the workspace's parts over its deps. */
export function traderKit(deps: TraderDeps) {
  const { db, dictionary } = deps;
  const now = deps.now ?? (() => new Date());
  const today = () => dayString(now());
  /** Hands committed rows to the subscriptions (a reprice by `moveFen` matches only new price bounds). */
  const written = async (kind: LotKind | 'quotation', ids: number[], moveFen?: number) => {
    await deps.onRowsWritten?.({ kind, ids, ...(moveFen !== undefined ? { moveFen } : {}) });
  };

  /** A form row understood, or code 1 naming every problem in Chinese. */
  const understand = async (
    kind: 'cargo' | 'surplus' | 'quotation',
    input: CargoInput | SurplusInput | QuotationInput,
  ) => {
    const dict = await dictionary.get();
    const result = understandLotRow(kind, input, dict);
    if (!result.ok)
      throw new BusinessError(
        say(
          result.errors.map((e) => e.message).join('；'),
          result.errors.map((e) => e.en ?? e.message).join('; '),
        ),
      );
    return { values: result.values, productName: dict.productNames.get(result.values.productId) ?? '' };
  };

  const shortNameOf = async (companyId: number) =>
    (await profileRepo.companyById(db, companyId))?.shortName ?? '';

  const checkDelta = (delta: number | undefined): number => {
    if (delta === undefined || delta === 0)
      throw new Invalid(
        say(
          '参数错误：调价请填写每吨加减的金额（元），如 20 或 -30',
          'Invalid request: enter the change per tonne in CNY, e.g. 20 or -30',
        ),
      );
    return deltaFen(delta);
  };

  const tooLow = (n: number) =>
    new BusinessError(
      say(
        `调价后有 ${n} 条资源的单价将不大于 0，请减小降价幅度`,
        `After this change ${n} listings would be priced at 0 or less; make the cut smaller`,
      ),
    );

  return { db, dictionary, now, today, written, understand, shortNameOf, checkDelta, tooLow };
}
export type TraderKit = ReturnType<typeof traderKit>;
