/** The trader's firm profile (its company's public card) and the enquiries it received. */
import type {
  PageOf,
  ReceivedEnquiry,
  ReceivedEnquiryQuery,
  TraderProfile,
  TraderProfileBody,
} from '@steelport/contracts';
import { BusinessError, NotFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { say } from '../../text.ts';
import { updateCompanyProfile } from '../account/service.ts';
import { markEnquiryAnswered } from '../cargo/service.ts';
import { firmWarehouses } from '../quotation/service.ts';
import { presentEnquiry, presentProfile, readProfile } from './present.ts';
import * as enquiryRepo from './repo/enquiries.ts';
import * as profileRepo from './repo/profile.ts';
import * as quoteRepo from './repo/quotes.ts';
import { type Trader, type TraderKit, traderOf, windowOf } from './workspace.ts';

/** Warehouses the profile lists. */
const PROFILE_WAREHOUSES = 10;

/** The workspace's profile. */
export function ownProfile(kit: TraderKit) {
  const { db, dictionary, today } = kit;

  const profileOf = async (trader: Trader): Promise<TraderProfile> => {
    const company = await profileRepo.companyById(db, trader.companyId);
    if (!company) throw new NotFound(say('企业不存在', 'Company not found'));
    const lastDay = await quoteRepo.ownQuoteDay(db, trader.companyId, today());
    const warehouses = await firmWarehouses(db, trader.companyId, lastDay, PROFILE_WAREHOUSES);
    return presentProfile(company, trader.userId, warehouses);
  };

  return {
    get: (user: AuthUser | null) => profileOf(traderOf(user)),

    async update(user: AuthUser | null, body: TraderProfileBody): Promise<TraderProfile> {
      const trader = traderOf(user);
      const v = readProfile(body);
      await db.transaction(async (tx) => {
        if (v.shortName && (await profileRepo.shortNameTaken(tx, trader.companyId, v.shortName)))
          throw new BusinessError(
            say(
              `简称「${v.shortName}」已被其他企业使用，请换一个`,
              `The short name "${v.shortName}" is used by another company; please choose another`,
            ),
          );
        await updateCompanyProfile(tx, trader.companyId, v);
      });
      // Search names suppliers by short name: the dictionary reads it again.
      await dictionary.forget();
      return profileOf(trader);
    },
  };
}

/** The enquiries the trader's company received. */
export function receivedEnquiries(kit: TraderKit) {
  const { db, dictionary, today } = kit;

  return {
    async page(user: AuthUser | null, query: ReceivedEnquiryQuery): Promise<PageOf<ReceivedEnquiry>> {
      const { companyId } = traderOf(user);
      const unanswered = query.unanswered ?? false;
      const rows = await enquiryRepo.receivedEnquiries(db, companyId, { unanswered, ...windowOf(query) });
      const total = await enquiryRepo.countReceived(db, companyId, unanswered);
      const { productNames } = await dictionary.get();
      return {
        list: rows.map((r) => presentEnquiry(r, productNames)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async answer(user: AuthUser | null, id: number): Promise<ReceivedEnquiry> {
      const trader = traderOf(user);
      const row = await db.transaction(async (tx) => {
        const marked = await markEnquiryAnswered(tx, trader.companyId, id);
        if (!marked) throw new NotFound(say('询价不存在', 'Enquiry not found'));
        if (marked.first)
          await profileRepo.countActivity(tx, { ...trader, kind: 'enquiry_answered', day: today(), n: 1 });
        const [found] = await enquiryRepo.receivedEnquiries(tx, trader.companyId, {
          unanswered: false,
          id,
          limit: 1,
          offset: 0,
        });
        return found!;
      });
      return presentEnquiry(row, (await dictionary.get()).productNames);
    },
  };
}
