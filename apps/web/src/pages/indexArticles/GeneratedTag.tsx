import '../../i18n/indexArticles.ts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** 数据生成: an article the system wrote from the index data, so nobody takes it for an analyst's. */
export function GeneratedTag() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('steelIndex.articles.generatedTip')}>
      <Tag color="blue" className="sp-generated-tag">
        {t('steelIndex.articles.generated')}
      </Tag>
    </Tooltip>
  );
}
