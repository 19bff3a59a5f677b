import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/numbers.ts';

/** 数据生成: an article the system wrote from the day's data, so nobody takes it for an analyst's. */
export function NewsGeneratedTag() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('news.generatedTip')}>
      <Tag color="blue" className="sp-generated-tag">
        {t('news.generated')}
      </Tag>
    </Tooltip>
  );
}

/** The members-only mark. */
export function MembersTag() {
  const { t } = useTranslation();
  return <Tag color="gold">{t('news.membersOnly')}</Tag>;
}

/** Time, category and reads of an article in a list. */
export function articleMetaLine(
  t: (key: 'news.views', opts: { views: string }) => string,
  a: { publishedAt: string; categoryName: string; views: number },
): string {
  return `${dayjs(a.publishedAt).format('YYYY-MM-DD HH:mm')} · ${a.categoryName} · ${t('news.views', { views: formatCount(a.views) })}`;
}
