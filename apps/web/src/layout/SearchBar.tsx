import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_PARAM, searchTarget } from './searchRule.ts';

/** The quotation table, where a search lands (after /quotation redirects there). */
const RESULT_PATH = '/beginMain';

/** Search box: sends searches by the PORTAL §5 rule and mirrors the URL's indexSearch. */
export function SearchBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [text, setText] = useState('');
  const previousPath = useRef(pathname);
  const indexSearch = new URLSearchParams(search).get(SEARCH_PARAM);

  useEffect(() => {
    if (pathname === RESULT_PATH && indexSearch !== null) {
      setText(indexSearch);
    } else if (previousPath.current === RESULT_PATH && pathname !== RESULT_PATH) {
      // The box belongs to the result page: elsewhere an old search would look like a filter.
      setText('');
    }
    previousPath.current = pathname;
  }, [pathname, indexSearch]);

  const onSearch = (value: string) => {
    const target = searchTarget(value, search);
    if (target) void navigate(target);
  };

  return (
    <Input.Search
      className="sp-search"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={onSearch}
      placeholder={t('search.placeholder')}
      aria-label={t('search.placeholder')}
      enterButton={t('search.button')}
      maxLength={60}
    />
  );
}
