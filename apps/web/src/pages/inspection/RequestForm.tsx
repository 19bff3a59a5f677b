import '../../i18n/services.ts';
import type { InspectionRegions } from '@steelport/contracts';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../api/common.ts';
import { useSession } from '../../auth/session.ts';
import { withScreenTexts } from '../../i18n/index.ts';
import { loginSiteHref } from '../../layout/links.ts';

/**
 * The member's form (antd's Form with its validator, Select, the upload and the date picker)
 * is a module of its own: a visitor, who sees the way to log in instead, does not download it
 * (issue 36); a member's screen fetches it as it renders, its place held meanwhile.
 */
const MemberForm = lazy(() =>
  withScreenTexts(() => import('./MemberForm.tsx'))().then((module) => ({ default: module.MemberForm })),
);

/** 申请验货: the form for members, the way to log in for visitors; both say what it costs. */
export function RequestForm({
  regions,
  warehouseId,
}: {
  regions: InspectionRegions | undefined;
  warehouseId: number | null;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const site = useSiteConfig();
  return (
    <section className="sp-box sp-inspection__form" aria-labelledby="insp-form" id="insp-form-box">
      <h2 className="sp-box__title" id="insp-form">
        {session.token ? t('inspection.formTitle') : t('inspection.loginTitle')}
      </h2>
      <div className="sp-box__body">
        {session.token ? (
          <Suspense
            fallback={
              <div className="sp-inspection__formwait" aria-busy>
                <Skeleton active paragraph={{ rows: 10 }} />
              </div>
            }
          >
            <MemberForm regions={regions} warehouseId={warehouseId} />
          </Suspense>
        ) : (
          <div className="sp-inspection__login" data-testid="inspection-login">
            <p>{t('inspection.loginDesc')}</p>
            <a href={loginSiteHref(site.loginSiteUrl, window.location.href)} className="sp-buttonlink">
              {t('inspection.login')}
            </a>
          </div>
        )}
      </div>
    </section>
  );
}
