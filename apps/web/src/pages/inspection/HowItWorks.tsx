import '../../i18n/services.ts';
import type { InspectionRegions } from '@steelport/contracts';
import { INSPECTION_BEANS } from '@steelport/contracts';
import { useTranslation } from 'react-i18next';

const STEPS = ['pick', 'fill', 'visit', 'report'] as const;

/** 验货流程: four steps and what a request costs the caller. */
export function HowItWorks({ info }: { info: InspectionRegions | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="sp-inspection__how" aria-labelledby="insp-how">
      <h2 id="insp-how" className="sp-inspection__howtitle">
        {t('inspection.howTitle')}
      </h2>
      <ol className="sp-inspection__steps">
        {STEPS.map((s, i) => (
          <li key={s}>
            <span className="sp-inspection__stepno" aria-hidden>
              {i + 1}
            </span>
            {t(`inspection.how.${s}`)}
          </li>
        ))}
      </ol>
      <p className="sp-inspection__price">
        {info?.isVip
          ? t('inspection.priceVip')
          : t('inspection.priceMember', { beans: info?.beansPerRequest ?? INSPECTION_BEANS })}
      </p>
    </section>
  );
}
