import { QUOTATION_LIMITS } from '@steelport/contracts';
// The search box alone: `Input.Search` would bring the whole Input family (TextArea, Password,
// OTP) into every first page.
import Search from 'antd/es/input/Search';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDraft } from '../lib/draft.ts';
import { SEARCH_PARAM, searchTarget } from './searchRule.ts';

/** The quotation table, where a search lands (after /quotation redirects there). */
const RESULT_PATH = '/beginMain';

/**
 * Search box: sends searches by the search bar's rule (docs/portal.md#search-bar) and mirrors
 * the URL's indexSearch.
 */
export function SearchBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const onResults = pathname === RESULT_PATH;
  const indexSearch = new URLSearchParams(search).get(SEARCH_PARAM) ?? '';
  // On the result page the box shows the URL's search, also after a chip there removed a word
  // or the back button went to another search. The box belongs to that page: leaving it clears
  // the box (docs/portal.md#search-bar), as an old search elsewhere would look like a filter.
  // What is typed stays while the URL's search does not change.
  const [text, setText] = useDraft(
    onResults ? indexSearch : '',
    onResults ? `results:${indexSearch}` : 'elsewhere',
  );

  const onSearch = (value: string) => {
    const target = searchTarget(value, search);
    if (target) void navigate(target);
  };

  return (
    <Search
      className="sp-search"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={onSearch}
      placeholder={t('search.placeholder')}
      aria-label={t('search.placeholder')}
      enterButton={t('search.button')}
      maxLength={QUOTATION_LIMITS.keywordLength}
    />
  );
}
