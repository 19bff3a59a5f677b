import '../../i18n/content.ts';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAffairs } from '../../api/content.ts';
import { blockState, HomeBlock } from './HomeBlock.tsx';

const ROWS = 8;
const QUERY = { page: 1, pageSize: ROWS };

/** 市场动态: the newest market dynamics, one line each with its kind and date. */
export function AffairsBlock() {
  const { t } = useTranslation();
  const query = useAffairs(QUERY);
  const rows = query.data?.list ?? [];
  return (
    <HomeBlock
      id="affairs"
      title={t('content.home.affairsTitle')}
      more="/commercialAffairs/list"
      state={blockState(query, rows.length)}
      skeletonRows={ROWS}
      emptyText={t('content.home.affairsEmpty')}
    >
      <ul className="sp-home-affairs">
        {rows.map((a) => (
          <li key={a.id} className="sp-home-affairs__row">
            <span className={`sp-affair-kind sp-affair-kind--${a.kind}`}>{t(`content.kinds.${a.kind}`)}</span>
            <Link
              to={`/commercialAffairs/detail/${a.id}`}
              className="sp-home-affairs__title"
              title={a.title}
              lang="zh"
            >
              {a.title}
            </Link>
            <time className="sp-muted" dateTime={a.publishedAt}>
              {dayjs(a.publishedAt).format('MM-DD')}
            </time>
          </li>
        ))}
      </ul>
    </HomeBlock>
  );
}
