import '../../i18n/indexArticles.ts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { HoverTooltip } from '../../components/HoverTooltip.tsx';

/** 数据生成: an article the system wrote from the index data, so nobody takes it for an analyst's. */
export function GeneratedTag() {
  const { t } = useTranslation();
  return (
    <HoverTooltip title={t('steelIndex.articles.generatedTip')}>
      <Tag color="blue" className="sp-generated-tag">
        {t('steelIndex.articles.generated')}
      </Tag>
    </HoverTooltip>
  );
}
