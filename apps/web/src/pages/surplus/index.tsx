import { SURPLUS_GRADE_NAMES, type SurplusGradeName, type SurplusItem } from '@steelport/contracts';
import { type TableColumnsType, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { LotScreen, type LotSource, prefetchLots } from '../../components/lots/LotScreen.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import type { ScreenPrefetch } from '../../lib/prefetch.ts';

/** The surplus market, searched with quality grades. */
const SURPLUS = { kind: 'surplus', grades: true } as const;

/** Grade colours in the order of the grades: prime is sound stock; the further from it, the warmer. */
const GRADE_COLORS = ['green', 'blue', 'orange', 'red'];

/** A grade's tag, named in the page's language; the defect notes stay the seller's words. */
function GradeTag({ grade }: { grade: string }) {
  const { t } = useTranslation();
  const index = SURPLUS_GRADE_NAMES.indexOf(grade as SurplusGradeName);
  return (
    <Tag color={GRADE_COLORS[index] ?? 'default'} variant="outlined" className="sp-lots__grade">
      {t(`lots.gradeNames.${grade as SurplusGradeName}`, { defaultValue: grade })}
    </Tag>
  );
}

/** One column for grade and defect notes: the grade tag, then what is wrong with the lot. */
function useSurplusColumns(): TableColumnsType<SurplusItem> {
  const { t } = useTranslation();
  return [
    {
      key: 'grade',
      dataIndex: 'grade',
      title: `${t('lots.columns.grade')} / ${t('lots.columns.defects')}`,
      width: 150,
      ellipsis: { showTitle: false },
      render: (grade: string, row) => (
        <Tooltip title={row.defects || undefined} placement="topLeft">
          <GradeTag grade={grade} />
          <span lang="zh">{row.defects}</span>
        </Tooltip>
      ),
    },
  ];
}

/** The grade and defect notes as one line of a phone card. */
function gradeLine(row: SurplusItem) {
  return (
    <span>
      <GradeTag grade={row.grade} />
      <span lang="zh">{row.defects}</span>
    </span>
  );
}

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
