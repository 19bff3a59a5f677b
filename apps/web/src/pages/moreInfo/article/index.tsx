import { ComingSoon } from '../../../components/ComingSoon.tsx';
import { IdLine } from '../../../components/IdLine.tsx';

/** /moreInfo/article/:id: a news article. */
export function MoreInfoArticlePage() {
  return <ComingSoon page="moreInfoArticle" details={<IdLine />} />;
}
