import './beanGuide.css';
import '../../i18n/account.ts';
import {
  BEANS_DEDUCTION_CAP_PERCENT,
  BEANS_PER_PAID_YUAN,
  BEANS_PER_SUPPLIER,
  FEN_PER_BEAN,
  INSPECTION_BEANS,
  SIGN_IN_BEANS,
} from '@steelport/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatFenText } from '../../lib/numbers.ts';

/**
 * What beans (钢豆) buy and how a member gets more, with the server's own prices and earnings
 * (contracts): the welcome after registration and the 钢豆明细 page say the same. Only what the
 * server does is listed: spending on contact views, inspections and memberships; earning by the
 * daily sign-in and by paying for a membership. `action` (the page's 每日签到 button) goes under
 * the ways to get more.
 */
export function BeanGuide({ action }: { action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="sp-beanguide">
      <div className="sp-beanguide__part">
        <p className="sp-beanguide__title">{t('account.beans.guide.usesTitle')}</p>
        <ul className="sp-beanguide__list">
          <li>{t('account.beans.guide.contact', { beans: formatCount(BEANS_PER_SUPPLIER) })}</li>
          <li>{t('account.beans.guide.inspection', { beans: formatCount(INSPECTION_BEANS) })}</li>
          <li>
            {t('account.beans.guide.deduct', {
              value: formatFenText(FEN_PER_BEAN),
              percent: formatCount(BEANS_DEDUCTION_CAP_PERCENT),
            })}
          </li>
        </ul>
        <p className="sp-muted sp-beanguide__note">{t('account.beans.guide.vipFree')}</p>
      </div>
      <div className="sp-beanguide__part">
        <p className="sp-beanguide__title">{t('account.beans.guide.earnTitle')}</p>
        <ul className="sp-beanguide__list">
          <li>{t('account.beans.guide.signIn', { beans: formatCount(SIGN_IN_BEANS) })}</li>
          <li>{t('account.beans.guide.paid', { beans: formatCount(BEANS_PER_PAID_YUAN) })}</li>
        </ul>
        {action}
      </div>
    </div>
  );
}
