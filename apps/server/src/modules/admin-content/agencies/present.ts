/** Presenter of the console's agencies: dates as ISO instants, the logo with its upload id. */
import type { AdminAgencyRow } from '@steelport/contracts';
import { uploadIdOf } from '../present.ts';
import type { AdminAgencyData } from './repo.ts';

/** One agency. */
export function presentAdminAgency(r: AdminAgencyData): AdminAgencyRow {
  return {
    ...r,
    logoUploadId: uploadIdOf(r.logo),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
