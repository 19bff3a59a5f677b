import { LOT_FILTER_LIMITS, type QueryToken } from '@steelport/contracts';
import { Button, Input, Tag } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDraft } from '../../lib/draft.ts';
import { removeKeywordToken, replaceKeywordToken, TOKEN_COLORS } from './keyword.ts';

/**
 * The keyword box and, under it, how the server understood each word: a chip per token in the
 * colour of its kind (lots.tokenKinds). Closing a chip removes the word and searches again.
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
  /** buttons at the end of the row (the filter drawer's button on a phone) */
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
 * (lots.tokenKinds). Closing a chip removes the word and searches again with the rest. A word
 * the vocabulary does not know but nearly does (a typo of a mill's name) is followed by the
 * server's suggestion (lots.didYouMean): choosing it puts that word in its place and searches
 * again. The lot screens show it under their keyword box, today's quotations under the header
 * search.
 */
export function UnderstoodChips({
  keyword,
  understood,
  onChange,
}: {
  keyword: string;
  understood: readonly QueryToken[];
  /** the keyword without the removed word, or with a suggested word in place of a near miss */
  onChange: (keyword: string) => void;
}) {
  const { t } = useTranslation();
  if (!keyword || understood.length === 0) return null;
  return (
    <div className="sp-lots__understood" data-testid="understood">
      <span className="sp-muted">{t('lots.understood')}</span>
      {understood.map((token) => {
        const { suggestion } = token;
        return (
          <Fragment key={`${token.kind}:${token.text}:${token.value}`}>
            <Tag
              color={TOKEN_COLORS[token.kind]}
              closable
              onClose={(event) => {
                event.preventDefault();
                onChange(removeKeywordToken(keyword, token.text));
              }}
              data-kind={token.kind}
            >
              {token.kind === 'city' && token.includes?.length ? (
                // A market word names the cities it takes in (lots.market).
                t('lots.market', {
                  market: token.value,
                  cities: token.includes.join(t('lots.listSeparator')),
                })
              ) : (
                <>
                  <span className="sp-lots__token-kind">{t(`lots.tokenKinds.${token.kind}`)}</span>
                  {token.kind === 'ignored' || token.kind === 'text'
                    ? token.text
                    : token.includes?.length
                      ? // A family names its products, a grade prefix its grades (lots.includes).
                        t('lots.includes', {
                          value: token.value,
                          items: token.includes.join(t('lots.listSeparator')),
                        })
                      : token.value || token.text}
                </>
              )}
            </Tag>
            {suggestion ? (
              <Button
                type="link"
                size="small"
                className="sp-lots__suggestion"
                data-testid="suggestion"
                onClick={() => onChange(replaceKeywordToken(keyword, token.text, suggestion.word))}
              >
                {suggestion.word === suggestion.value
                  ? t('lots.didYouMean', {
                      word: suggestion.word,
                      kind: t(`lots.tokenKinds.${suggestion.kind}`),
                    })
                  : t('lots.didYouMeanNamed', {
                      word: suggestion.word,
                      kind: t(`lots.tokenKinds.${suggestion.kind}`),
                      value: suggestion.value,
                    })}
              </Button>
            ) : null}
          </Fragment>
        );
      })}
    </div>
  );
}
