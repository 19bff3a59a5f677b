/**
 * The console's trade services (issue 18), one service over three parts: the inspection
 * workflow (`inspections.ts`), processing offers with their group orders and the members'
 * enquiries (`processing.ts`), and the service switches (`switches.ts`).
 */
import type { Db } from '../../db/client.ts';
import type { FileLinks } from '../upload/service.ts';
import { type AdminInspectionsService, adminInspections } from './inspections.ts';
import { type AdminProcessingService, adminProcessing } from './processing.ts';
import { type AdminSwitchesService, adminSwitches } from './switches.ts';

/** The console's trade services: inspections (`inspections.ts`), processing (`processing.ts`) and switches (`switches.ts`). */
export interface AdminServicesService
  extends AdminInspectionsService,
    AdminProcessingService,
    AdminSwitchesService {}

/** The console's trade services over the database. */
export function adminServicesService(deps: {
  db: Db;
  links: FileLinks;
  /** told after a switch changed: openCheck forgets its cached answer */
  onSwitchesChanged?: () => void;
  now?: () => Date;
}): AdminServicesService {
  const now = () => deps.now?.() ?? new Date();
  return {
    ...adminInspections({ db: deps.db, links: deps.links, now }),
    ...adminProcessing({ db: deps.db, now }),
    ...adminSwitches({
      db: deps.db,
      ...(deps.onSwitchesChanged ? { onSwitchesChanged: deps.onSwitchesChanged } : {}),
    }),
  };
}
