import { useTranslation } from 'react-i18next';
import { LotScreen, type LotSource, prefetchLots } from '../../components/lots/LotScreen.tsx';
import { gradeLine, useSurplusColumns } from '../../components/lots/SurplusGrade.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import type { ScreenPrefetch } from '../../lib/prefetch.ts';

/** The surplus market, searched with quality grades. */
const SURPLUS = { kind: 'surplus', grades: true } as const;

/** A visit to /surplus starts its search with the page's code. */
export const prefetch: ScreenPrefetch = (queryClient, { search }) =>
  prefetchLots(SURPLUS, queryClient, search);

/** /surplus: the surplus market, searched like spot stock plus quality grade and defect notes. */
export function SurplusPage() {
  const { t } = useTranslation();
  const extraColumns = useSurplusColumns();
  const source: LotSource<'surplus'> = {
    ...SURPLUS,
    exportName: '余料市场.xlsx',
    extraColumns,
    cardExtra: gradeLine,
  };
  return (
    <div className="sp-container sp-page">
      <PageTitle>{t('pages.surplus.title')}</PageTitle>
      <LotScreen source={source} />
    </div>
  );
}
