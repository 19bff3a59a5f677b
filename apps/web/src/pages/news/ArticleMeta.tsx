import '../../i18n/news.ts';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { HoverTooltip } from '../../components/HoverTooltip.tsx';
import { formatCount } from '../../lib/numbers.ts';

/** 数据生成: an article the system wrote from the day's data, so nobody takes it for an analyst's. */
export function NewsGeneratedTag() {
  const { t } = useTranslation();
  return (
    <HoverTooltip title={t('news.generatedTip')}>
      <Tag color="blue" className="sp-generated-tag">
        {t('news.generated')}
      </Tag>
    </HoverTooltip>
  );
}

/** The members-only mark. */
export function MembersTag() {
  const { t } = useTranslation();
  return <Tag color="gold">{t('news.membersOnly')}</Tag>;
}

/** Time, category and reads of an article in a list. */
/** The meta line with the Chinese category name marked. */
export function ArticleMetaLine({
  article,
}: {
  article: { publishedAt: string; categoryName: string; views: number };
}) {
  const { t } = useTranslation();
  return (
    <>
      {dayjs(article.publishedAt).format('YYYY-MM-DD HH:mm')} · <span lang="zh">{article.categoryName}</span>{' '}
      · {t('news.views', { views: formatCount(article.views) })}
    </>
  );
}
