import '../../../i18n/subscription.ts';
import type { SavedFilter, SavedSearch } from '@steelport/contracts';
import { SUBSCRIPTION_LIMITS } from '@steelport/contracts';
import { Alert, Button, Form, Input, Modal, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  removeSavedSearch,
  updateSavedSearch,
  useSearchMatches,
  useSubscriptionChange,
} from '../../../api/subscription.ts';
import { inboxItemHref, savedSearchHref } from '../../../components/subscription/links.ts';
import { filterWords } from '../../../components/subscription/subscribeRules.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { formatCount, formatPriceText } from '../../../lib/numbers.ts';
import { PauseAndRemove } from './PauseAndRemove.tsx';

/** What a user or the filter words wrote in Chinese is marked so (saved names, filter words). */
const HAN = /\p{Script=Han}/u;

/** One saved search: name, kind, what it watches, state, matches, and its actions. */
export function SearchLine({ search }: { search: SavedSearch }) {
  const { t } = useTranslation();
  const [showMatches, setShowMatches] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const words = filterWords(search.filter as SavedFilter);

  return (
    <li className="sp-subs__item" data-testid="saved-search">
      <div className="sp-subs__line">
        <Tag>{t(`subscription.kinds.${search.kind}`)}</Tag>
        <strong className="sp-subs__name" lang={HAN.test(search.name) ? 'zh' : undefined}>
          {search.name}
        </strong>
        <Tag color={search.paused ? 'default' : 'green'} data-testid="search-state">
          {search.paused ? t('subscription.subs.paused') : t('subscription.subs.active')}
        </Tag>
      </div>
      <div className="sp-subs__filter">
        {(words.length ? words : [t('subscription.subs.everything')]).map((word) => (
          <span key={word} className="sp-subs__word" lang={HAN.test(word) ? 'zh' : undefined}>
            {word}
          </span>
        ))}
      </div>
      <div className="sp-subs__meta sp-muted">
        <span>{t('subscription.subs.matches', { n: formatCount(search.matchCount) })}</span>
        <span>
          {search.lastMatchAt
            ? t('subscription.subs.lastMatch', { time: dayjs(search.lastMatchAt).format('YYYY-MM-DD HH:mm') })
            : t('subscription.subs.noMatch')}
        </span>
      </div>
      <div className="sp-subs__actions">
        <Link to={savedSearchHref(search)}>{t('subscription.subs.open')}</Link>
        <Button type="link" onClick={() => setShowMatches((shown) => !shown)} aria-expanded={showMatches}>
          {showMatches ? t('subscription.subs.hideMatches') : t('subscription.subs.showMatches')}
        </Button>
        <Button type="link" onClick={() => setRenaming(true)}>
          {t('subscription.subs.rename')}
        </Button>
        <PauseAndRemove
          paused={search.paused}
          onPause={(paused: boolean) => updateSavedSearch(search.id, { paused })}
          onRemove={() => removeSavedSearch(search.id)}
        />
      </div>
      {showMatches && <SearchMatches id={search.id} />}
      <RenameDialog search={search} open={renaming} onClose={() => setRenaming(false)} />
    </li>
  );
}

/** The latest matches of a saved search, each opening what it found. */
function SearchMatches({ id }: { id: number }) {
  const { t } = useTranslation();
  const matches = useSearchMatches(id, true);
  if (matches.isError) return <Alert type="error" showIcon title={matches.error.message} />;
  if (!matches.data) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (matches.data.length === 0)
    return <p className="sp-muted sp-subs__matches">{t('subscription.subs.matchesEmpty')}</p>;
  return (
    <ul className="sp-subs__matches" data-testid="search-matches">
      {matches.data.map((item) => (
        <li key={item.id}>
          <Link to={inboxItemHref(item)}>{item.title}</Link>
          <span className="sp-muted">
            {item.price > 0 ? formatPriceText(item.price) : t('subscription.inbox.callForPrice')} ·{' '}
            {dayjs(item.createdAt).format('MM-DD HH:mm')}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Renames a saved search; the name is checked as the server checks it. */
function RenameDialog({
  search,
  open,
  onClose,
}: {
  search: SavedSearch;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useSubscriptionChange((name: string) => updateSavedSearch(search.id, { name }));
  const max = SUBSCRIPTION_LIMITS.nameLength;

  const submit = async () => {
    const { name } = await form.validateFields();
    await rename.mutateAsync(name.trim());
    void message.success(t('subscription.subs.renamed'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('subscription.subs.renameTitle')}
      okText={t('subscription.subs.save')}
      cancelText={t('subscription.subs.cancel')}
      confirmLoading={rename.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: search.name }}>
        <Form.Item
          name="name"
          label={t('subscription.subs.name')}
          rules={[
            { required: true, whitespace: true, message: t('subscription.subs.nameRequired') },
            { max, message: t('subscription.subs.nameTooLong', { max }) },
          ]}
        >
          <Input maxLength={max} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
