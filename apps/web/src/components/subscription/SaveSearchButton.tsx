import { BellOutlined } from '@ant-design/icons';
import type { SavedSearch, SavedSearchCreate, SavedSearchKind } from '@steelport/contracts';
import { Alert, Button, Form, Input, Tag } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSavedSearch, useSubscriptionChange } from '../../api/subscription.ts';
import {
  LimitNotice,
  NAME_LENGTH,
  Refusal,
  SavedView,
  SubscribeModal,
  UsageLine,
  useSubscribeGate,
} from './SubscribeParts.tsx';
import { filterWords, hasCondition, nameFromFilter, savedFilterOf } from './subscribeRules.ts';

/**
 * 保存搜索 (issue 19) on /wareHouse, /surplus and /beginMain: saves the screen's current filter
 * (exactly what it sends to the search API, built from its URL) with a name prefilled from the
 * filter. A visitor is told that subscribing needs a login and offered it; a member sees how
 * many it has and may keep (会员 1 个，VIP 50 个) and, at the limit, which membership keeps more
 * before anyone is sent away. Success says where matches arrive.
 */
export function SaveSearchButton({
  kind,
  filter,
}: {
  kind: SavedSearchKind;
  /** the screen's search filter (lotFilterOf / quoteFilterOf); the day is left out here */
  filter: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // null until the member types: the name then follows the filter the dialog shows, even when
  // the screen's filter catches up with its URL after the click
  const [typedName, setTypedName] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedSearch | null>(null);
  const gate = useSubscribeGate('searches', open);
  const save = useSubscriptionChange((body: SavedSearchCreate) => createSavedSearch(body));
  const nameId = useId();
  const saveFilter = savedFilterOf(filter);
  const kindName = t(`subscribe.kinds.${kind}`);
  const words = filterWords(saveFilter);
  const usable = hasCondition(saveFilter);
  const name =
    typedName ?? nameFromFilter(saveFilter, t('subscribe.search.fallbackName', { kind: kindName }));

  const start = () => {
    if (!gate.start()) return;
    setTypedName(null);
    setSaved(null);
    save.reset();
    setOpen(true);
  };
  const close = () => setOpen(false);
  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed || !usable) return;
    save.mutate({ kind, name: trimmed, filter: saveFilter }, { onSuccess: (search) => setSaved(search) });
  };

  const { step } = gate;
  const usage = (
    <UsageLine
      what="searches"
      step={step}
      loading={gate.overview.isPending && gate.loggedIn}
      error={gate.overview.error}
    />
  );
  const full = step.step === 'full' && !saved ? step : null;
  const canSave = !saved && !full && usable && name.trim().length > 0;

  let body: React.ReactNode;
  if (saved) {
    body = (
      <SavedView
        title={t('subscribe.search.savedTitle', { name: saved.name })}
        text={t('subscribe.search.savedText', { kind: kindName })}
        usage={usage}
        onLeave={close}
      />
    );
  } else {
    body = (
      <>
        <p className="sp-subscribe__intro">{t('subscribe.search.intro', { kind: kindName })}</p>
        {usage}
        {full ? (
          <LimitNotice what="searches" step={full} onLeave={close} />
        ) : !usable ? (
          <Alert type="info" showIcon title={t('subscribe.search.noFilter')} />
        ) : (
          <Form layout="vertical" onFinish={submit} className="sp-subscribe__form" requiredMark={false}>
            <Form.Item
              label={t('subscribe.search.name')}
              htmlFor={nameId}
              validateStatus={name.trim() ? undefined : 'error'}
              help={name.trim() ? undefined : t('subscribe.search.nameRequired')}
            >
              <Input
                id={nameId}
                value={name}
                maxLength={NAME_LENGTH}
                showCount
                placeholder={t('subscribe.search.namePlaceholder')}
                onChange={(event) => setTypedName(event.target.value)}
              />
            </Form.Item>
            <div className="sp-subscribe__conditions">
              <span className="sp-subscribe__conditions-label">{t('subscribe.search.conditions')}</span>
              {words.map((word) => (
                <Tag key={word} className="sp-subscribe__word">
                  {word}
                </Tag>
              ))}
            </div>
          </Form>
        )}
        {save.error && <Refusal error={save.error} />}
      </>
    );
  }

  return (
    <>
      <Button
        size="small"
        icon={<BellOutlined aria-hidden />}
        className="sp-subscribe__button"
        data-testid="save-search"
        onClick={start}
      >
        {t('subscribe.search.button')}
      </Button>
      {gate.notice}
      <SubscribeModal
        open={open}
        title={t('subscribe.search.title', { kind: kindName })}
        saved={Boolean(saved)}
        canSave={canSave}
        saving={save.isPending}
        saveLabel={t('subscribe.search.save')}
        onSave={submit}
        onClose={close}
      >
        {body}
      </SubscribeModal>
    </>
  );
}
