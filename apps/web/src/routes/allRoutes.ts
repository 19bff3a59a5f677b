/**
 * The whole route table, signed-in areas included: what the browser's table becomes once they
 * have joined it (router.tsx#patchSignedInArea). For tests and tools that read every route; the
 * portal itself never imports it.
 */
import { buildRoutes } from '../router.tsx';
import { accountRoute } from './account.tsx';
import { adminRoute } from './admin.tsx';

export const allRoutes = buildRoutes([accountRoute, adminRoute]);
