import '../../i18n/market.ts';
import { RELAX_THICKNESS_MM, type Relaxation } from '@steelport/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount, formatSize } from '../../lib/numbers.ts';

/**
 * The wider searches a search that found nothing offers (the page's `relaxations`): one button
 * per relaxation with the rows it would find (lots.relax), any width, thickness widened by
 * RELAX_THICKNESS_MM, any mill. It is part of the empty state and arrives with it, in the same
 * answer, so nothing moves when it appears. The lot screens and today's quotations show it.
 */
export function Relaxations({
  relaxations,
  onApply,
}: {
  relaxations: readonly Relaxation[] | undefined;
  /** the screen applies the relaxation to its URL search (relaxQuery) */
  onApply: (relaxation: Relaxation) => void;
}) {
  const { t } = useTranslation();
  if (!relaxations?.length) return null;
  return (
    <div className="sp-relax" data-testid="relaxations">
      <span className="sp-relax__title">{t('lots.relax.title')}</span>
      {relaxations.map((relaxation) => (
        <Button
          key={relaxation.kind}
          className="sp-relax__button"
          data-kind={relaxation.kind}
          onClick={() => onApply(relaxation)}
        >
          {t(`lots.relax.${relaxation.kind}`, {
            rows: formatCount(relaxation.count),
            mm: formatSize(RELAX_THICKNESS_MM),
          })}
        </Button>
      ))}
    </div>
  );
}
