import '../../i18n/subscribe.ts';
import type { SavedSearch, SavedSearchCreate, SavedSearchKind } from '@steelport/contracts';
import { Alert, Form, Input, Tag } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSavedSearch, useSubscriptionChange } from '../../api/subscription.ts';
import {
  LimitNotice,
  NAME_LENGTH,
  Refusal,
  SavedView,
  type SubscribeGate,
  SubscribeModal,
  UsageLine,
} from './SubscribeParts.tsx';
import { filterWords, hasCondition, nameFromFilter, savedFilterOf } from './subscribeRules.ts';

/**
 * The dialog of 保存搜索 (SaveSearchButton.tsx), a chunk of its own: its form is loaded when a
 * member first points at the button, not with the screen. Mounted afresh for each opening (the
 * button keys it), so a new opening starts from the screen's filter with nothing saved.
 */
export function SaveSearchDialog({
  kind,
  filter,
  gate,
  open,
  onClose,
}: {
  kind: SavedSearchKind;
  filter: Record<string, unknown>;
  /** the button's gate (useSubscribeGate): the member's counts and limit */
  gate: SubscribeGate;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // null until the member types: the name then follows the filter the dialog shows, even when
  // the screen's filter catches up with its URL after the click
  const [typedName, setTypedName] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedSearch | null>(null);
  const save = useSubscriptionChange((body: SavedSearchCreate) => createSavedSearch(body));
  const nameId = useId();
  const saveFilter = savedFilterOf(filter);
  const kindName = t(`subscribe.kinds.${kind}`);
  const words = filterWords(saveFilter);
  const usable = hasCondition(saveFilter);
  const name =
    typedName ?? nameFromFilter(saveFilter, t('subscribe.search.fallbackName', { kind: kindName }));

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
        onLeave={onClose}
      />
    );
  } else {
    body = (
      <>
        <p className="sp-subscribe__intro">{t('subscribe.search.intro', { kind: kindName })}</p>
        {usage}
        {full ? (
          <LimitNotice what="searches" step={full} onLeave={onClose} />
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
    <SubscribeModal
      open={open}
      title={t('subscribe.search.title', { kind: kindName })}
      saved={Boolean(saved)}
      canSave={canSave}
      saving={save.isPending}
      saveLabel={t('subscribe.search.save')}
      onSave={submit}
      onClose={onClose}
    >
      {body}
    </SubscribeModal>
  );
}
