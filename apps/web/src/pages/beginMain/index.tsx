import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon.tsx';
import { SEARCH_PARAM } from '../../layout/searchRule.ts';

/** /beginMain: today's quotation table; a search from the header arrives as indexSearch. */
export function BeginMainPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const indexSearch = params.get(SEARCH_PARAM);
  const details = indexSearch ? <span>{t('comingSoon.searchLine', { text: indexSearch })}</span> : undefined;
  return <ComingSoon page="beginMain" details={details} />;
}
