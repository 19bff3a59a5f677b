/**
 * The route guard: a screen whose route handle names an access level (auth/access.ts) renders
 * only for a user who has it. A visitor is sent to the login site with a redirect back here; a
 * logged-in user without the level sees why, with the way to get it.
 */
import type { Access } from '@steelport/contracts';
import { Skeleton } from 'antd';
import { lazy, type ReactNode } from 'react';
import { useMyInfo } from '../api/user.ts';
import { canAccess } from '../auth/access.ts';
import { useSession } from '../auth/session.ts';
import { RouteError } from '../components/RouteError.tsx';

// Only guarded screens need these (the layout's Suspense shows its skeleton meanwhile): loaded
// with the app, antd's Result and Spin would cost every first page about 12 kB gzip.
const LoginRedirect = lazy(() =>
  import('./AccessDenied.tsx').then((module) => ({ default: module.LoginRedirect })),
);
const Forbidden = lazy(() => import('./AccessDenied.tsx').then((module) => ({ default: module.Forbidden })));

/** Renders `children` when the session may open a screen of level `access`. */
export function AccessGate({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession();
  const guarded = access !== 'public';
  // The same query the header keeps in sync: the freshest word on role, company and VIP.
  const me = useMyInfo(guarded);
  if (!guarded) return children;
  if (!session.token) return <LoginRedirect />;
  const user = me.data ?? session.loginUser;
  if (!user) {
    if (me.isError) return <RouteError />;
    return (
      <div className="sp-container sp-page">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (canAccess(access, user)) return children;
  return <Forbidden access={access} />;
}
