import '../../../i18n/vip.ts';
import { CheckCircleFilled, CrownFilled } from '@ant-design/icons';
import { type BuyVipInfo, VIP_LIMITS, type VipCommodity } from '@steelport/contracts';
import { Alert, Button, Checkbox, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBuyVipPrice, useDerate, useSavePayment } from '../../../api/vip.ts';
import { useSession } from '../../../auth/session.ts';
import { commodityBenefits, commodityText } from '../../../components/vip/benefits.ts';
import { isEnglish } from '../../../i18n/tradeNames.tsx';
import { formatFenText } from '../../../lib/numbers.ts';
import { type Choice, durationTotal, needsSeats } from './choice.ts';

/**
 * Step 1 of /vipopen: commodities, duration, seats and the beans toggle, the price the server
 * computes, and the pay button (a visitor is sent to log in first and comes back to this choice).
 */
export function ChooseStep({
  info,
  choice,
  onChange,
  onCreated,
  onLogin,
}: {
  info: BuyVipInfo;
  choice: Choice;
  onChange: (next: Choice) => void;
  onCreated: (paymentId: number) => void;
  onLogin: () => void;
}) {
  const { t } = useTranslation();
  const { token } = useSession();
  const { ids, day, count, useBeans } = choice;
  const seats = needsSeats(info.commodities, ids) ? count : 1;
  const price = useBuyVipPrice(day, ids, seats);
  const derate = useDerate(day, ids, seats);
  const save = useSavePayment();

  const toggle = (id: number, on: boolean) =>
    onChange({ ...choice, ids: on ? [...ids, id] : ids.filter((other) => other !== id) });
  const perSeat = info.commodities.find((c) => c.perSeat && ids.includes(c.id));
  const canBeans = Boolean(token) && (derate.data?.beansUsed ?? 0) > 0;
  const beansOn = useBeans && canBeans;
  const listFen = price.data?.listFen ?? null;
  const amountFen = beansOn ? (derate.data?.amountFen ?? null) : listFen;

  const pay = () => {
    if (!token) {
      onLogin();
      return;
    }
    save.mutate(
      { ids, day, count: seats, useBeans: beansOn },
      { onSuccess: (saved) => onCreated(saved.paymentId) },
    );
  };

  return (
    <div className="sp-vipopen__choose">
      <section className="sp-box sp-vipopen__section" aria-labelledby="vip-commodities">
        <h2 className="sp-box__title" id="vip-commodities">
          <span>{t('vip.open.commoditiesTitle')}</span>
          <span className="sp-muted">{t('vip.open.commoditiesHint')}</span>
        </h2>
        <div className="sp-vipopen__commodities">
          {info.commodities.map((commodity) => (
            <CommodityCard
              key={commodity.id}
              commodity={commodity}
              day={day}
              checked={ids.includes(commodity.id)}
              onToggle={(on) => toggle(commodity.id, on)}
            />
          ))}
        </div>
      </section>

      <section className="sp-box sp-vipopen__section" aria-labelledby="vip-duration">
        <h2 className="sp-box__title" id="vip-duration">
          {t('vip.open.durationTitle')}
        </h2>
        <div className="sp-box__body">
          <Radio.Group
            className="sp-vipopen__days"
            value={day}
            onChange={(event) => onChange({ ...choice, day: Number(event.target.value) })}
            aria-labelledby="vip-duration"
          >
            {info.days.map((option) => {
              const total = durationTotal(info.commodities, ids, option, seats);
              return (
                <Radio.Button key={option} value={option} className="sp-vipopen__day">
                  <span className="sp-vipopen__daycount">{t('vip.open.days', { count: option })}</span>
                  <span className="sp-vipopen__dayprice">{total ? formatFenText(total.priceFen) : '—'}</span>
                  <span className="sp-vipopen__daysave">
                    {total && total.saveFen > 0
                      ? t('vip.open.save', { price: formatFenText(total.saveFen) })
                      : '\u00a0'}
                  </span>
                </Radio.Button>
              );
            })}
          </Radio.Group>
          {perSeat && (
            <div className="sp-vipopen__seats">
              <label htmlFor="vip-seats">{t('vip.open.seatsTitle')}</label>
              <InputNumber
                id="vip-seats"
                min={1}
                max={VIP_LIMITS.seatsMax}
                precision={0}
                value={count}
                onChange={(value) =>
                  onChange({
                    ...choice,
                    count: Math.min(Math.max(Number(value) || 1, 1), VIP_LIMITS.seatsMax),
                  })
                }
              />
              <span className="sp-muted">{t('vip.open.seatsHint', { name: perSeat.name })}</span>
            </div>
          )}
        </div>
      </section>

      <section className="sp-box sp-vipopen__section" aria-labelledby="vip-summary">
        <h2 className="sp-box__title" id="vip-summary">
          {t('vip.open.summaryTitle')}
        </h2>
        <div className="sp-box__body sp-vipopen__summary">
          <div className="sp-vipopen__beans">
            <Checkbox
              checked={beansOn}
              disabled={!canBeans}
              aria-describedby="vip-beans-note"
              onChange={(event) => onChange({ ...choice, useBeans: event.target.checked })}
            >
              {t('vip.open.useBeans')}
            </Checkbox>
            <p className="sp-vipopen__beansnote" id="vip-beans-note" data-testid="vip-beans-note">
              <BeansNote token={Boolean(token)} derate={derate.data} info={info} />
            </p>
          </div>
          <dl className="sp-vipopen__lines">
            <div>
              <dt>{t('vip.open.listPrice')}</dt>
              <dd data-testid="vip-list-price">{listFen === null ? '—' : formatFenText(listFen)}</dd>
            </div>
            <div>
              <dt>{t('vip.open.deduction')}</dt>
              <dd>
                {beansOn && derate.data ? `−${formatFenText(derate.data.deductionFen)}` : formatFenText(0)}
              </dd>
            </div>
            <div className="sp-vipopen__payable">
              <dt>{t('vip.open.payable')}</dt>
              <dd data-testid="vip-amount">{amountFen === null ? '—' : formatFenText(amountFen)}</dd>
            </div>
          </dl>
          {ids.length === 0 && <Alert type="info" showIcon title={t('vip.open.pickOne')} />}
          {save.error && <Alert type="error" showIcon title={save.error.message} />}
          {price.error && <Alert type="error" showIcon title={price.error.message} />}
          <Button
            type="primary"
            size="large"
            block
            className="sp-vipopen__pay"
            disabled={ids.length === 0 || listFen === null}
            loading={save.isPending}
            onClick={pay}
          >
            {token ? t('vip.open.pay') : t('vip.open.loginToPay')}
          </Button>
        </div>
      </section>
    </div>
  );
}

/** One commodity as a checkable card: name, what it gives, and its price for the chosen duration. */
function CommodityCard({
  commodity,
  day,
  checked,
  onToggle,
}: {
  commodity: VipCommodity;
  day: number;
  checked: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const english = isEnglish(i18n.language);
  const text = commodityText(commodity, english);
  const option = commodity.prices.find((p) => p.day === day);
  return (
    // The whole card toggles (a big target); the checkbox inside is the control a keyboard and a
    // screen reader use, so its own clicks are left to it.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the checkbox inside takes the keyboard
    // biome-ignore lint/a11y/noStaticElementInteractions: the checkbox inside is the control
    <div
      className={checked ? 'sp-vipcard sp-vipcard--on' : 'sp-vipcard'}
      data-testid="vip-commodity"
      data-name={commodity.name}
      onClick={(event) => {
        if (!(event.target as HTMLElement).closest('.ant-checkbox-wrapper')) onToggle(!checked);
      }}
    >
      <span className="sp-vipcard__head">
        <Checkbox checked={checked} onChange={(event) => onToggle(event.target.checked)}>
          <span className="sp-vipcard__name" lang={text.name.zh ? 'zh' : undefined}>
            {text.name.text}
          </span>
        </Checkbox>
        {commodity.isVip === 1 && (
          <span className="sp-vipcard__tag">
            <CrownFilled aria-hidden /> {t('vip.open.vipTag')}
          </span>
        )}
      </span>
      <span className="sp-vipcard__desc" lang={text.description.zh ? 'zh' : undefined}>
        {text.description.text}
      </span>
      <ul className="sp-vipcard__benefits">
        {commodityBenefits(commodity, t, english).map((benefit) => (
          <li key={benefit.text} lang={benefit.zh ? 'zh' : undefined}>
            <CheckCircleFilled aria-hidden /> {benefit.text}
          </li>
        ))}
      </ul>
      <span className="sp-vipcard__price">
        {option ? (
          <>
            <strong>{formatFenText(option.priceFen)}</strong>
            <span className="sp-muted">
              {' / '}
              {t('vip.open.days', { count: day })} ·{' '}
              {t('vip.open.perDay', { price: formatFenText(option.perDayFen) })}
            </span>
          </>
        ) : (
          '—'
        )}
      </span>
    </div>
  );
}

/** The beans rule and what it means for this order, in one sentence. */
function BeansNote({
  token,
  derate,
  info,
}: {
  token: boolean;
  derate: ReturnType<typeof useDerate>['data'];
  info: BuyVipInfo;
}) {
  const { t } = useTranslation();
  const cap = derate?.capPercent ?? info.beans.capPercent;
  if (!token) return <>{t('vip.open.beansLogin', { cap })}</>;
  if (!derate) return <>{t('vip.open.beansRule', { cap })}</>;
  if (derate.balance === 0) return <>{t('vip.open.beansNone', { cap })}</>;
  if (derate.beansUsed === 0) return <>{t('vip.open.beansRule', { cap })}</>;
  return (
    <>
      {t('vip.open.beansDeduct', {
        cap,
        beans: derate.beansUsed,
        amount: formatFenText(derate.deductionFen),
      })}
    </>
  );
}
