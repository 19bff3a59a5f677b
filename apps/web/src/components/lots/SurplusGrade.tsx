/**
 * The surplus market's own column: a lot's quality grade (正品 to 等外品) as a coloured tag and
 * the seller's defect notes, in the table and as a line of a phone card. /surplus and a firm
 * page's 余料 tab show it alike.
 */
import '../../i18n/market.ts';
import { SURPLUS_GRADE_NAMES, type SurplusGradeName, type SurplusItem } from '@steelport/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataColumns } from '../DataTable.tsx';
import { HoverTooltip } from '../HoverTooltip.tsx';

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
export function useSurplusColumns(): DataColumns<SurplusItem> {
  const { t } = useTranslation();
  return [
    {
      key: 'grade',
      dataIndex: 'grade',
      title: `${t('lots.columns.grade')} / ${t('lots.columns.defects')}`,
      width: 124,
      ellipsis: { showTitle: false },
      render: (grade: string, row) => {
        const cell = (
          <span>
            <GradeTag grade={grade} />
            <span lang="zh">{row.defects}</span>
          </span>
        );
        return row.defects ? (
          <HoverTooltip title={row.defects} placement="topLeft">
            {cell}
          </HoverTooltip>
        ) : (
          cell
        );
      },
    },
  ];
}

/** The grade and defect notes as one line of a phone card. */
export function gradeLine(row: SurplusItem) {
  return (
    <span>
      <GradeTag grade={row.grade} />
      <span lang="zh">{row.defects}</span>
    </span>
  );
}
