import { LOT_FILTER_LIMITS, type QueryToken } from '@steelport/contracts';
import { Button, Input, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDraft } from '../../lib/draft.ts';
import { removeKeywordToken, TOKEN_COLORS } from './keyword.ts';

/**
 * The keyword box and, under it, how the server understood each word: a chip per token in the
 * colour of its kind (品名, 材质, 规格...). Closing a chip removes the word and searches again.
 */
export function KeywordBox({
  keyword,
  understood,
  onSearch,
  extra,
}: {
  keyword: string;
  understood: readonly QueryToken[];
  onSearch: (keyword: string) => void;
  /** buttons at the end of the row (筛选 on a phone) */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  // What is typed stays until the searched keyword changes (a search, a chip, back/forward).
  const [text, setText] = useDraft(keyword, keyword);

  const submit = () => onSearch(text.trim());
  return (
    <>
      <div className="sp-lots__keyword">
        <Input
          className="sp-lots__keyword-input"
          allowClear
          value={text}
          maxLength={LOT_FILTER_LIMITS.keywordLength}
          aria-label={t('lots.keywordLabel')}
          placeholder={t('lots.keywordPlaceholder')}
          onChange={(event) => setText(event.target.value)}
          onPressEnter={submit}
        />
        <Button type="primary" onClick={submit}>
          {t('lots.query')}
        </Button>
        {extra}
      </div>
      <UnderstoodChips keyword={keyword} understood={understood} onChange={onSearch} />
    </>
  );
}

/**
 * How the server understood each word of a keyword: a chip per token in the colour of its kind
 * (品名, 材质, 规格...). Closing a chip removes the word and searches again with the rest. The lot
 * screens show it under their keyword box, today's quotations under the header search.
 */
export function UnderstoodChips({
  keyword,
  understood,
  onChange,
}: {
  keyword: string;
  understood: readonly QueryToken[];
  /** the keyword without the removed word */
  onChange: (keyword: string) => void;
}) {
  const { t } = useTranslation();
  if (!keyword || understood.length === 0) return null;
  return (
    <div className="sp-lots__understood" data-testid="understood">
      <span className="sp-muted">{t('lots.understood')}</span>
      {understood.map((token) => (
        <Tag
          key={`${token.kind}:${token.text}:${token.value}`}
          color={TOKEN_COLORS[token.kind]}
          closable
          onClose={(event) => {
            event.preventDefault();
            onChange(removeKeywordToken(keyword, token.text));
          }}
          data-kind={token.kind}
        >
          {token.kind === 'city' && token.includes?.length ? (
            // A market word names the cities it takes in: 上海市场 · 含张家港.
            t('lots.market', { market: token.value, cities: token.includes.join('、') })
          ) : (
            <>
              <span className="sp-lots__token-kind">{t(`lots.tokenKinds.${token.kind}`)}</span>
              {token.kind === 'ignored' || token.kind === 'text'
                ? token.text
                : token.includes?.length
                  ? // A family names its products, a grade prefix its grades (lots.includes).
                    t('lots.includes', { value: token.value, items: token.includes.join('、') })
                  : token.value || token.text}
            </>
          )}
        </Tag>
      ))}
    </div>
  );
}
