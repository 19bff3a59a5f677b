import '../../i18n/indexArticles.ts';
import { List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIndexInfoCompact } from '../../api/steelIndex.ts';
import { ChangeText } from '../../components/steelIndex/ChangeText.tsx';
import { useIndexName } from '../../components/steelIndex/names.tsx';
import { renderShown } from '../../i18n/tradeNames.tsx';
import { formatPriceText } from '../../lib/numbers.ts';

/** The side panel of the index article pages: every index's latest price and change. */
export function ArticleSide() {
  const { t } = useTranslation();
  const indexName = useIndexName();
  const { data, isPending } = useIndexInfoCompact();
  return (
    <aside className="sp-box">
      <h2 className="sp-box__title">
        <span>{t('steelIndex.articles.side')}</span>
        <Link to="/exponentMain">{t('steelIndex.articles.moreIndexes')}</Link>
      </h2>
      <List
        size="small"
        loading={isPending}
        dataSource={data ?? []}
        renderItem={(row) => (
          <List.Item extra={<ChangeText value={row.change} ratio={row.changeRatio} />}>
            <span>{renderShown(indexName(row))}</span> <strong>{formatPriceText(row.price)}</strong>
          </List.Item>
        )}
      />
    </aside>
  );
}
