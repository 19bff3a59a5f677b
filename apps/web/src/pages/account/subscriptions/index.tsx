import '../../../components/subscription/pages.css';
import '../../../i18n/subscription.ts';
import type { DigestSettings, IndexAlert, SavedFilter, SavedSearch } from '@steelport/contracts';
import { SUBSCRIPTION_LIMITS } from '@steelport/contracts';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Skeleton,
  Tag,
  TimePicker,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  removeIndexAlert,
  removeSavedSearch,
  updateIndexAlert,
  updateSavedSearch,
  useDigestSettings,
  useSaveDigestSettings,
  useSearchMatches,
  useSubscriptionChange,
  useSubscriptions,
} from '../../../api/subscription.ts';
import { isVipMember, useSession } from '../../../auth/session.ts';
import { LoadError } from '../../../components/LoadError.tsx';
import { useIndexName } from '../../../components/steelIndex/names.tsx';
import { inboxItemHref, savedSearchHref } from '../../../components/subscription/links.ts';
import { filterWords } from '../../../components/subscription/subscribeRules.ts';
import { renderShown } from '../../../i18n/tradeNames.tsx';
import { formatCount, formatPriceText } from '../../../lib/numbers.ts';

const TIME_FORMAT = 'HH:mm';

/**
 * /account/subscriptions, 我的订阅: the member's saved searches and index alerts with how many its
 * membership keeps (会员 1, VIP 50, and the way to more), each with its state and actions
 * (查看搜索, 最近匹配, 重命名, 暂停/恢复, 删除), and the daily SMS digest with its quiet hours.
 */
export function AccountSubscriptionsPage() {
  const { t } = useTranslation();
  const overview = useSubscriptions();
  const session = useSession();

  const data = overview.data;
  // Until the list arrives the session says whether to offer VIP: the line is there from the start.
  const vip = data ? data.limits.vip : isVipMember(session);
  const limitOf = (member: number, vipLimit: number) => (vip ? vipLimit : member);

  const body: ReactNode = overview.isError ? (
    <LoadError error={overview.error} onRetry={overview.refetch} />
  ) : (
    <>
      {!vip && (
        <p className="sp-subs__vip" data-testid="subs-vip-offer">
          {t('subscription.subs.vipMore', {
            vip: SUBSCRIPTION_LIMITS.vipSearches,
            vipAlerts: SUBSCRIPTION_LIMITS.vipAlerts,
          })}
          <Link to="/vipopen">{t('subscription.subs.openVip')}</Link>
        </p>
      )}
      <SubscriptionGroup
        title={t('subscription.subs.searches')}
        used={data ? data.searches.length : null}
        limit={
          data?.limits.searches ??
          limitOf(SUBSCRIPTION_LIMITS.memberSearches, SUBSCRIPTION_LIMITS.vipSearches)
        }
        testId="searches-used"
        empty={{
          text: t('subscription.subs.emptySearches'),
          hint: t('subscription.subs.emptySearchesHint'),
          to: '/wareHouse',
          link: t('subscription.subs.toWareHouse'),
        }}
      >
        {data?.searches.map((search) => (
          <SearchLine key={search.id} search={search} />
        ))}
      </SubscriptionGroup>
      <SubscriptionGroup
        title={t('subscription.subs.alerts')}
        used={data ? data.alerts.length : null}
        limit={
          data?.limits.alerts ?? limitOf(SUBSCRIPTION_LIMITS.memberAlerts, SUBSCRIPTION_LIMITS.vipAlerts)
        }
        testId="alerts-used"
        empty={{
          text: t('subscription.subs.emptyAlerts'),
          hint: t('subscription.subs.emptyAlertsHint'),
          to: '/exponentMain',
          link: t('subscription.subs.toIndex'),
        }}
      >
        {data?.alerts.map((alert) => (
          <AlertLine key={alert.id} alert={alert} />
        ))}
      </SubscriptionGroup>
    </>
  );

  return (
    <>
      <section className="sp-box" aria-labelledby="subs-title">
        <h2 className="sp-box__title" id="subs-title">
          {t('subscription.subs.title')}
        </h2>
        <div className="sp-box__body sp-subs" aria-busy={overview.isFetching}>
          <p className="sp-muted">{t('subscription.subs.intro')}</p>
          {body}
        </div>
      </section>
      <DigestBox />
    </>
  );
}

/** 暂停/恢复 and 删除 (asked first: its messages go with it) of a saved search or an alert. */
function PauseAndRemove({
  paused,
  onPause,
  onRemove,
}: {
  paused: boolean;
  onPause: (paused: boolean) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useSubscriptionChange(onPause);
  const remove = useSubscriptionChange(onRemove);
  return (
    <>
      <Button
        type="link"
        loading={change.isPending}
        onClick={() =>
          change.mutate(!paused, {
            onSuccess: () =>
              void message.success(
                paused ? t('subscription.subs.resumedDone') : t('subscription.subs.pausedDone'),
              ),
          })
        }
      >
        {paused ? t('subscription.subs.resume') : t('subscription.subs.pause')}
      </Button>
      <Popconfirm
        title={t('subscription.subs.removeConfirm')}
        okText={t('subscription.subs.remove')}
        cancelText={t('subscription.subs.cancel')}
        onConfirm={() =>
          remove.mutateAsync(undefined, {
            onSuccess: () => void message.success(t('subscription.subs.removed')),
          })
        }
      >
        <Button type="link" danger loading={remove.isPending}>
          {t('subscription.subs.remove')}
        </Button>
      </Popconfirm>
    </>
  );
}

/**
 * One kind of subscription (保存的搜索 or 指数提醒): its heading with how many of the membership's
 * limit are used, and its lines, or what to do to make the first one, or (loading) a placeholder
 * of the empty state's height.
 */
function SubscriptionGroup({
  title,
  used,
  limit,
  testId,
  empty,
  children,
}: {
  title: string;
  /** null while the list loads: a placeholder as tall as the empty state stands in */
  used: number | null;
  limit: number;
  testId: string;
  empty: { text: string; hint: string; to: string; link: string };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="sp-subs__group">
      <h3 className="sp-subs__heading">
        {title}
        {used !== null && (
          <span className="sp-muted sp-subs__used" data-testid={testId}>
            {t('subscription.subs.used', { used, limit })}
          </span>
        )}
      </h3>
      {used === null ? (
        <div className="sp-subs__placeholder" role="status" aria-label={t('subscription.subs.loading')}>
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        </div>
      ) : used === 0 ? (
        <Empty
          className="sp-subs__empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <div>{empty.text}</div>
              <div className="sp-muted">{empty.hint}</div>
            </>
          }
        >
          <Link to={empty.to}>{empty.link}</Link>
        </Empty>
      ) : (
        <ul className="sp-subs__list">{children}</ul>
      )}
    </div>
  );
}

/** What a user or the filter words wrote in Chinese is marked so (saved names, filter words). */
const HAN = /\p{Script=Han}/u;

/** One saved search: name, kind, what it watches, state, matches, and its actions. */
function SearchLine({ search }: { search: SavedSearch }) {
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
  const { message } = App.useApp();
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

/** One index alert: the index, its condition, whether it waits or fired, and its actions. */
function AlertLine({ alert }: { alert: IndexAlert }) {
  const { t } = useTranslation();
  const indexName = useIndexName();
  const condition =
    alert.kind === 'report'
      ? t('subscription.subs.alertReport')
      : alert.kind === 'move'
        ? t('subscription.subs.alertMove', { percent: alert.percent ?? 0 })
        : t(alert.kind === 'above' ? 'subscription.subs.alertAbove' : 'subscription.subs.alertBelow', {
            level: formatPriceText(alert.level),
          });

  return (
    <li className="sp-subs__item" data-testid="index-alert">
      <div className="sp-subs__line">
        <Tag>{t('subscription.kinds.index')}</Tag>
        <strong className="sp-subs__name">
          {renderShown(indexName({ id: alert.indexId, indexName: alert.indexName }))}
        </strong>
        <span>{condition}</span>
        <Tag color={alert.paused ? 'default' : 'green'}>
          {alert.paused ? t('subscription.subs.paused') : t('subscription.subs.active')}
        </Tag>
      </div>
      <div className="sp-subs__meta sp-muted">
        {alert.kind !== 'report' && (
          <span>{alert.armed ? t('subscription.subs.alertArmed') : t('subscription.subs.alertFired')}</span>
        )}
        {alert.lastFiredAt && (
          <span>
            {t('subscription.subs.lastFired', { time: dayjs(alert.lastFiredAt).format('YYYY-MM-DD HH:mm') })}
          </span>
        )}
      </div>
      <div className="sp-subs__actions">
        <PauseAndRemove
          paused={alert.paused}
          onPause={(paused: boolean) => updateIndexAlert(alert.id, paused)}
          onRemove={() => removeIndexAlert(alert.id)}
        />
      </div>
    </li>
  );
}

interface DigestForm {
  digest: boolean;
  quietStart: Dayjs | null;
  quietEnd: Dayjs | null;
}

const toForm = (settings: DigestSettings): DigestForm => ({
  digest: settings.digest,
  quietStart: settings.quietStart ? dayjs(settings.quietStart, TIME_FORMAT) : null,
  quietEnd: settings.quietEnd ? dayjs(settings.quietEnd, TIME_FORMAT) : null,
});

/** 每日短信摘要: opt in or out, and the quiet hours (both ends or neither). */
function DigestBox() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useDigestSettings();
  const save = useSaveDigestSettings();
  const [form] = Form.useForm<DigestForm>();

  useEffect(() => {
    if (settings.data) form.setFieldsValue(toForm(settings.data));
  }, [settings.data, form]);

  const submit = async (values: DigestForm) => {
    await save.mutateAsync({
      digest: values.digest,
      quietStart: values.quietStart ? values.quietStart.format(TIME_FORMAT) : null,
      quietEnd: values.quietEnd ? values.quietEnd.format(TIME_FORMAT) : null,
    });
    void message.success(t('subscription.digest.saved'));
  };

  const bothOrNone = ({ getFieldValue }: { getFieldValue: (name: keyof DigestForm) => unknown }) => ({
    validator: () =>
      Boolean(getFieldValue('quietStart')) === Boolean(getFieldValue('quietEnd'))
        ? Promise.resolve()
        : Promise.reject(new Error(t('subscription.digest.bothOrNone'))),
  });

  return (
    <section className="sp-box" aria-labelledby="digest-title">
      <h2 className="sp-box__title" id="digest-title">
        {t('subscription.digest.title')}
      </h2>
      <div className="sp-box__body sp-subs__digest">
        <p className="sp-muted">{t('subscription.digest.intro')}</p>
        {settings.isError ? (
          <Alert type="error" showIcon title={settings.error.message} />
        ) : !settings.data ? (
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        ) : (
          <Form
            form={form}
            layout="vertical"
            initialValues={toForm(settings.data)}
            onFinish={(v) => void submit(v)}
          >
            <Form.Item name="digest" valuePropName="checked">
              <Checkbox>{t('subscription.digest.enabled')}</Checkbox>
            </Form.Item>
            <fieldset className="sp-subs__quiet">
              <legend>{t('subscription.digest.quiet')}</legend>
              <Form.Item
                name="quietStart"
                label={t('subscription.digest.quietStart')}
                dependencies={['quietEnd']}
                rules={[bothOrNone]}
              >
                <TimePicker format={TIME_FORMAT} minuteStep={5} needConfirm={false} />
              </Form.Item>
              <Form.Item
                name="quietEnd"
                label={t('subscription.digest.quietEnd')}
                dependencies={['quietStart']}
              >
                <TimePicker format={TIME_FORMAT} minuteStep={5} needConfirm={false} />
              </Form.Item>
              <p className="sp-muted sp-subs__hint">{t('subscription.digest.quietHint')}</p>
            </fieldset>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('subscription.digest.save')}
            </Button>
          </Form>
        )}
      </div>
    </section>
  );
}
