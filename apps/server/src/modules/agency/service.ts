/**
 * Agencies (代理商/经销商): mill agents and distributors with the brands and products they carry,
 * where they are and whom to call. Public; the contact is masked for visitors (present.ts).
 */
import type { AgencyDetail, AgencyPage, AgencyPageQuery } from '@steelport/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { NotFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { say } from '../../text.ts';
import { presentAgency, presentAgencyDetail } from './present.ts';
import { agencyChoices, agencyPage, findActiveAgency } from './repo.ts';

/** The agency service over the database. */
export function agencyService(deps: { db: DbOrTx }) {
  const { db } = deps;
  return {
    /** A filtered page with the regions and brands a filter may choose. */
    async page(query: AgencyPageQuery, user: Pick<AuthUser, 'id'> | null): Promise<AgencyPage> {
      const { list, total } = await agencyPage(db, query);
      const choices = await agencyChoices(db);
      return {
        list: list.map((r) => presentAgency(r, user !== null)),
        total,
        page: query.page,
        pageSize: query.pageSize,
        ...choices,
      };
    },

    /** One active agency; code 6 when it is missing or withdrawn. */
    async detail(id: number, user: Pick<AuthUser, 'id'> | null): Promise<AgencyDetail> {
      const row = await findActiveAgency(db, id);
      if (!row)
        throw new NotFound(say('该代理商不存在或已下线', 'This agent does not exist or has been taken down'));
      return presentAgencyDetail(row, user !== null);
    },
  };
}

/** What `agencyService` gives. */
export type AgencyService = ReturnType<typeof agencyService>;
