import '../../i18n/subscribe.ts';
import {
  type IndexAlert,
  type IndexAlertCreate,
  type IndexAlertKind,
  SUBSCRIPTION_LIMITS,
} from '@steelport/contracts';
import { Form, InputNumber, Radio } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createIndexAlert, useSubscriptionChange } from '../../api/subscription.ts';
import { formatPercent, formatPrice, formatPriceText, MISSING, UNIT } from '../../lib/numbers.ts';
import {
  LimitNotice,
  Refusal,
  SavedView,
  type SubscribeGate,
  SubscribeModal,
  UsageLine,
} from './SubscribeParts.tsx';
import { alertBody, alertKindsOf } from './subscribeRules.ts';

/** The daily move an alert is offered with first, in percent. */
const DEFAULT_PERCENT = 2;

/**
 * The dialog of 提醒 (IndexAlertButton.tsx), a chunk of its own: its form loads when a member
 * first points at the button, not with /exponentMain. Mounted afresh for each opening (the button
 * keys it): the level starts at the latest price, nothing saved.
 */
export function IndexAlertDialog({
  indexId,
  indexName,
  product,
  price,
  date,
  gate,
  open,
  onClose,
}: {
  indexId: number;
  indexName: string;
  /** the index's product (热轧卷板); empty for a composite, which has no 市场日报 */
  product: string;
  /** the latest price, 元/吨 (0 or null: none yet) */
  price: number | null;
  /** the latest day, YYYY-MM-DD */
  date: string;
  /** the button's gate (useSubscribeGate): the member's counts and limit */
  gate: SubscribeGate;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<IndexAlertKind>('above');
  const [level, setLevel] = useState<number | null>(price && price > 0 ? Math.round(price) : null);
  const [percent, setPercent] = useState<number | null>(DEFAULT_PERCENT);
  const [saved, setSaved] = useState<IndexAlert | null>(null);
  const save = useSubscriptionChange((body: IndexAlertCreate) => createIndexAlert(body));
  const kindId = useId();
  const valueId = useId();
  const body = alertBody(indexId, kind, level, percent);

  const submit = () => {
    if (body) save.mutate(body, { onSuccess: (alert) => setSaved(alert) });
  };

  const { step } = gate;
  const usage = (
    <UsageLine
      what="alerts"
      step={step}
      loading={gate.overview.isPending && gate.loggedIn}
      error={gate.overview.error}
    />
  );
  const full = step.step === 'full' && !saved ? step : null;
  const summary =
    kind === 'report'
      ? t('subscribe.alert.summary.report', { product })
      : kind === 'move'
        ? t('subscribe.alert.summary.move', { percent: percent ? formatPercent(percent / 100) : MISSING })
        : t(`subscribe.alert.summary.${kind}`, { level: formatPriceText(level) });

  let content: React.ReactNode;
  if (saved) {
    content = (
      <SavedView
        title={t('subscribe.alert.savedTitle', { name: indexName })}
        text={`${summary}。${t('subscribe.alert.savedText')}`}
        usage={usage}
        onLeave={onClose}
      />
    );
  } else {
    content = (
      <>
        <p className="sp-subscribe__intro">
          {t('subscribe.alert.latest', {
            price: formatPriceText(price),
            date,
          })}
        </p>
        {usage}
        {full ? (
          <LimitNotice what="alerts" step={full} onLeave={onClose} />
        ) : (
          <Form layout="vertical" onFinish={submit} className="sp-subscribe__form" requiredMark={false}>
            <Form.Item label={<span id={kindId}>{t('subscribe.alert.kind')}</span>}>
              <Radio.Group
                aria-labelledby={kindId}
                optionType="button"
                className="sp-subscribe__kinds"
                value={kind}
                onChange={(event) => setKind(event.target.value as IndexAlertKind)}
                options={alertKindsOf(product).map((value) => ({
                  value,
                  label: t(`subscribe.alert.kinds.${value}`),
                }))}
              />
            </Form.Item>
            {kind === 'report' ? null : kind === 'move' ? (
              <Form.Item
                label={t('subscribe.alert.percent')}
                htmlFor={valueId}
                validateStatus={body ? undefined : 'error'}
                help={body ? undefined : t('subscribe.alert.percentRequired')}
              >
                <InputNumber<number>
                  id={valueId}
                  className="sp-subscribe__number"
                  value={percent}
                  min={0.1}
                  max={SUBSCRIPTION_LIMITS.movePercentMax}
                  step={0.5}
                  precision={2}
                  suffix="%"
                  onChange={(value) => setPercent(value)}
                />
              </Form.Item>
            ) : (
              <Form.Item
                label={t('subscribe.alert.level')}
                htmlFor={valueId}
                validateStatus={body ? undefined : 'error'}
                help={body ? undefined : t('subscribe.alert.levelRequired')}
              >
                <InputNumber<number>
                  id={valueId}
                  className="sp-subscribe__number"
                  value={level}
                  min={1}
                  max={SUBSCRIPTION_LIMITS.levelMax}
                  step={10}
                  precision={0}
                  formatter={(value) => (value === undefined ? '' : (formatPrice(Number(value)) ?? ''))}
                  parser={(text) => Number((text ?? '').replace(/[^\d.]/g, ''))}
                  suffix={UNIT.pricePerTonne}
                  onChange={(value) => setLevel(value)}
                />
              </Form.Item>
            )}
            <p className="sp-subscribe__summary" data-testid="alert-summary">
              {summary}
            </p>
            <p className="sp-muted sp-subscribe__once">{t('subscribe.alert.once')}</p>
          </Form>
        )}
        {save.error && <Refusal error={save.error} />}
      </>
    );
  }

  return (
    <SubscribeModal
      open={open}
      title={t('subscribe.alert.title', { name: indexName })}
      saved={Boolean(saved)}
      canSave={Boolean(body) && !full}
      saving={save.isPending}
      saveLabel={t('subscribe.alert.save')}
      onSave={submit}
      onClose={onClose}
    >
      {content}
    </SubscribeModal>
  );
}
