/**
 * What every published index day discloses about its inputs (issue 10; methodology 3.0 since
 * issue 34): its source in the input hierarchy, samples, outliers dropped and whether it is provisional. The
 * cards, the home strip, the trend chart and the cross-date tables all say it the same way.
 */
import '../../i18n/indexParts.ts';
import type { IndexSource } from '@steelport/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { HoverTooltip } from '../HoverTooltip.tsx';

/** The disclosure fields an Index row, chart point and Index day share. */
export interface DayDisclosure {
  source: IndexSource;
  sampleCount: number;
  outlierCount: number;
  provisional: boolean;
}

/** 同品报价 / 挂牌环比链接 / 沿用前值 */
export function sourceLabel(t: TFunction, source: IndexSource): string {
  return t(`steelIndex.day.source.${source}`);
}

/** "挂牌环比链接 · 样本 12 条 · 剔除异常 0 条": the day's inputs in one line. */
export function disclosureText(t: TFunction, day: DayDisclosure): string {
  return [
    sourceLabel(t, day.source),
    t('steelIndex.day.samples', { count: day.sampleCount }),
    t('steelIndex.day.outliers', { count: day.outlierCount }),
  ].join(' · ');
}

/**
 * A small 暂定 tag on a provisional day, its tooltip saying what that means and what the day
 * was priced from; nothing on a final day. It sits inside buttons and links (cards, the home
 * strip), so it takes no focus of its own; the methodology tab says the same at length.
 */
export function ProvisionalTag({ day }: { day: DayDisclosure }) {
  const { t } = useTranslation();
  if (!day.provisional) return null;
  const detail = disclosureText(t, day);
  return (
    <HoverTooltip
      title={
        <>
          {t('steelIndex.day.provisionalTip')}
          <br />
          {detail}
        </>
      }
    >
      <Tag color="orange" className="sp-provisional-tag">
        {t('steelIndex.day.provisional')}
      </Tag>
    </HoverTooltip>
  );
}

/** The day's source, samples and outliers as text, then the 暂定 tag when provisional. */
export function DisclosureLine({ day }: { day: DayDisclosure }) {
  const { t } = useTranslation();
  return (
    <span className="sp-disclosure">
      <span>{disclosureText(t, day)}</span>
      <ProvisionalTag day={day} />
    </span>
  );
}
