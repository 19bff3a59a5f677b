/**
 * Presenters of agencies: a visitor sees the phone masked (138****1234) and no contact name, as
 * on the stock and quotation lists; a logged-in member sees both. Agencies publish their own
 * numbers to sell, so no beans are charged for them.
 */
import { type AgencyDetail, type AgencySummary, maskPhone } from '@steelport/contracts';
import type { AgencyDetailRow, AgencyRow } from './repo.ts';

/** One agency card; `member` says whether the viewer is logged in. */
export function presentAgency(r: AgencyRow, member: boolean): AgencySummary {
  const { contactPhone, contactName, ...rest } = r;
  return {
    ...rest,
    contactName: member ? contactName : null,
    phone: member ? contactPhone : maskPhone(contactPhone),
    phoneMasked: !member,
  };
}

/** An agency's page. */
export function presentAgencyDetail(r: AgencyDetailRow, member: boolean): AgencyDetail {
  const { address, intro, ...card } = r;
  return { ...presentAgency(card, member), address, intro };
}
