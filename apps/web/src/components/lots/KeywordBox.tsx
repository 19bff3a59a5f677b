import '../../i18n/market.ts';
import { LOT_FILTER_LIMITS, type QueryToken } from '@steelport/contracts';
import { Button, Tag } from 'antd';
// antd's Input alone: the barrel's Input carries TextArea, Password and OTP (about 6 KB gzip).
import Input from 'antd/es/input/Input';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isEnglish, type ShownName, tokenNameKind, useShownName } from '../../i18n/tradeNames.tsx';
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
  const { t, i18n } = useTranslation();
  const shownName = useShownName();
  const english = isEnglish(i18n.language);
  if (!keyword || understood.length === 0) return null;
  // A chip's names in the page's language; a chip holding a Chinese stand-in (or words as typed)
  // is marked Chinese as a whole.
  const names = (kind: string, values: readonly string[]): ShownName[] => {
    const map = tokenNameKind(kind);
    return values.map((value) => (map ? shownName(map, value) : { text: value, zh: false }));
  };
  const join = (list: ShownName[]) => list.map((name) => name.text).join(t('lots.listSeparator'));
  const hasZh = (text: string) => /\p{Script=Han}/u.test(text);
  return (
    <div className="sp-lots__understood" data-testid="understood">
      <span className="sp-muted">{t('lots.understood')}</span>
      {understood.map((token) => {
        const { suggestion } = token;
        const [value] = names(token.kind, [token.value || token.text]);
        const includes = names(token.kind === 'family' ? 'product' : token.kind, token.includes ?? []);
        const typed = token.kind === 'ignored' || token.kind === 'text' || token.kind === 'supplier';
        const zh = typed ? hasZh(token.text) || hasZh(token.value) : [value, ...includes].some((n) => n?.zh);
        const suggested = suggestion && names(suggestion.kind, [suggestion.value])[0];
        // In English the suggestion reads as the English name it stands for.
        const suggestedWord =
          english && suggestion && suggested && tokenNameKind(suggestion.kind) && !suggested.zh
            ? suggested.text
            : suggestion?.word;
        return (
          <Fragment key={`${token.kind}:${token.text}:${token.value}`}>
            <Tag
              color={TOKEN_COLORS[token.kind]}
              // The × is a target of its own (24 px, 44 px on a phone: lots.css), named by its word.
              closable={{ 'aria-label': t('lots.removeToken', { word: token.text }) }}
              onClose={(event) => {
                event.preventDefault();
                onChange(removeKeywordToken(keyword, token.text));
              }}
              data-kind={token.kind}
            >
              {token.kind === 'city' && token.includes?.length ? (
                // A market word names the cities it takes in (lots.market).
                <span lang={zh ? 'zh' : undefined}>
                  {t('lots.market', { market: value?.text, cities: join(includes) })}
                </span>
              ) : (
                <>
                  <span className="sp-lots__token-kind">{t(`lots.tokenKinds.${token.kind}`)}</span>
                  <span lang={zh ? 'zh' : undefined}>
                    {token.kind === 'ignored' || token.kind === 'text'
                      ? token.text
                      : token.includes?.length
                        ? // A family names its products, a grade prefix its grades (lots.includes).
                          t('lots.includes', { value: value?.text, items: join(includes) })
                        : value?.text}
                  </span>
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
                <span lang={suggestedWord && hasZh(suggestedWord) ? 'zh' : undefined}>
                  {suggestion.word === suggestion.value || suggestedWord !== suggestion.word
                    ? t('lots.didYouMean', {
                        word: suggestedWord,
                        kind: t(`lots.tokenKinds.${suggestion.kind}`),
                      })
                    : t('lots.didYouMeanNamed', {
                        word: suggestion.word,
                        kind: t(`lots.tokenKinds.${suggestion.kind}`),
                        value: suggested?.text,
                      })}
                </span>
              </Button>
            ) : null}
          </Fragment>
        );
      })}
    </div>
  );
}
