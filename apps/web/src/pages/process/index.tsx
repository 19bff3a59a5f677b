import './process.css';
import '../../i18n/services.ts';
import {
  PROCESSING_LIMITS,
  PROCESSING_LINE_TYPES,
  type ProcessingEnquiryResult,
  type ProcessingLineType,
  type ProcessingOffer,
  type ProcessingQuery,
} from '@steelport/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Pagination,
  Progress,
  Radio,
  Select,
  Skeleton,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import {
  OFFERS_PAGE_SIZE,
  type OfferQuery,
  useEnquire,
  useOffers,
  useProcessingMenus,
} from '../../api/processing.ts';
import { useSession } from '../../auth/session.ts';
import { useGateNotice } from '../../components/GateNotice.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ServiceClosed, useServiceShown } from '../../components/services/ServiceClosed.tsx';
import { TradeName, useTradeName } from '../../i18n/tradeNames.tsx';
import { formatCount, formatPriceText, formatTonnesText } from '../../lib/numbers.ts';

const SORTS = ['default', 'price', 'capacity', 'deadline'] as const;
const SKELETON_CARDS = [1, 2, 3, 4, 5, 6];
const positive = (v: string | null) => {
  const n = Number(v);
  return v !== null && v !== '' && Number.isFinite(n) && n > 0 ? n : undefined;
};

/** The list query from the URL (a reload or a shared link restores the search). */
function readQuery(params: URLSearchParams): OfferQuery {
  const lineType = params.get('lineType');
  const sort = params.get('sort');
  const thickness = positive(params.get('thickness'));
  const width = positive(params.get('width'));
  return {
    ...((PROCESSING_LINE_TYPES as readonly string[]).includes(lineType ?? '') && {
      lineType: lineType as ProcessingQuery['lineType'],
    }),
    ...(params.get('city') && { city: params.get('city') as string }),
    ...(thickness !== undefined && thickness <= PROCESSING_LIMITS.thicknessMax && { thickness }),
    ...(width !== undefined && Number.isInteger(width) && width <= PROCESSING_LIMITS.widthMax && { width }),
    ...(params.get('groupOnly') === '1' && { groupOnly: true }),
    ...((SORTS as readonly string[]).includes(sort ?? '') &&
      sort !== 'default' && { sort: sort as ProcessingQuery['sort'] }),
    page: Math.floor(positive(params.get('page')) ?? 1),
  };
}

/**
 * /process, 共享加工: plants' free capacity by line type (分条, 开平, 纵剪, 横切) with their
 * thickness and width ranges, fee and city, and their group orders (拼单) with a progress bar;
 * filters from the menus, kept in the URL. A member enquires or joins with a tonnage and gets
 * the plant's contact; a visitor is asked to log in first.
 */
export function ProcessPage() {
  const { t } = useTranslation();
  const shown = useServiceShown('processing');
  return (
    <div className="sp-container sp-page sp-process">
      <PageTitle>{t('pages.process.title')}</PageTitle>
      {shown ? <ProcessScreen /> : <ServiceClosed service="processing" />}
    </div>
  );
}

interface Dialog {
  offer: ProcessingOffer;
  mode: 'join' | 'enquire';
}

function ProcessScreen() {
  const { t } = useTranslation();
  const cityName = useTradeName();
  const lineName = (value: string) =>
    t(`processing.lineTypes.${value as ProcessingLineType}`, { defaultValue: value });
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const offers = useOffers(query);
  const menus = useProcessingMenus();
  const gate = useGateNotice();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const update = (changes: Record<string, string | number | undefined>, keepPage = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (!keepPage) next.delete('page');
    setParams(next);
  };

  const open = (offer: ProcessingOffer, mode: Dialog['mode']) => {
    if (!session.token) {
      gate.explain({
        title: t('processing.gateTitle'),
        reason: t('processing.gateReason'),
        actions: ['login'],
      });
      return;
    }
    setDialog({ offer, mode });
  };

  const data = offers.data;
  return (
    <>
      <p className="sp-process__intro sp-muted">{t('processing.intro')}</p>
      <section className="sp-box sp-process__filters" aria-label={t('processing.lineType')}>
        <div className="sp-process__row">
          <span className="sp-process__label" id="process-line">
            {t('processing.lineType')}
          </span>
          <Radio.Group
            aria-labelledby="process-line"
            value={query.lineType ?? ''}
            optionType="button"
            onChange={(e) => update({ lineType: e.target.value || undefined })}
            className="sp-process__lines"
            options={[
              { value: '', label: t('processing.all') },
              ...(
                menus.data?.lineTypes ?? PROCESSING_LINE_TYPES.map((value) => ({ value, count: undefined }))
              ).map((l) => ({
                value: l.value,
                label: l.count === undefined ? lineName(l.value) : `${lineName(l.value)} (${l.count})`,
              })),
            ]}
          />
        </div>
        <div className="sp-process__row sp-process__row--wrap">
          <Select
            aria-label={t('processing.city')}
            className="sp-process__select"
            value={query.city ?? ''}
            onChange={(city) => update({ city: city || undefined })}
            options={[
              { value: '', label: t('processing.allCities') },
              ...(menus.data?.cities ?? []).map((c) => ({
                value: c.value,
                label: `${cityName('cities', c.value)} (${c.count})`,
              })),
            ]}
          />
          <NumberFilter
            label={t('processing.thickness')}
            placeholder={t('processing.thicknessPlaceholder')}
            value={query.thickness}
            max={PROCESSING_LIMITS.thicknessMax}
            step={0.1}
            onChange={(thickness) => update({ thickness })}
          />
          <NumberFilter
            label={t('processing.width')}
            placeholder={t('processing.widthPlaceholder')}
            value={query.width}
            max={PROCESSING_LIMITS.widthMax}
            step={10}
            integer
            onChange={(width) => update({ width })}
          />
          <Checkbox
            className="sp-process__check"
            checked={Boolean(query.groupOnly)}
            onChange={(e) => update({ groupOnly: e.target.checked ? 1 : undefined })}
          >
            {t('processing.groupOnly')}
            {menus.data ? ` (${menus.data.openGroups})` : ''}
          </Checkbox>
          <Select
            aria-label={t('processing.sort')}
            className="sp-process__select sp-process__select--sort"
            value={query.sort ?? 'default'}
            onChange={(sort) => update({ sort: sort === 'default' ? undefined : sort })}
            options={SORTS.map((s) => ({ value: s, label: t(`processing.sorts.${s}`) }))}
          />
          <Button className="sp-process__tap" onClick={() => setParams(new URLSearchParams())}>
            {t('processing.reset')}
          </Button>
        </div>
      </section>

      <p className="sp-process__count" data-testid="process-count">
        {data ? t('processing.count', { count: data.total }) : '\u00a0'}
      </p>
      {offers.isError && (
        <Alert type="error" showIcon title={t('processing.error', { message: offers.error.message })} />
      )}
      <ul className="sp-process__offers" data-testid="process-offers" aria-busy={!data}>
        {data && data.list.length === 0 && (
          <li className="sp-muted sp-process__empty">{t('processing.empty')}</li>
        )}
        {(data?.list ?? []).map((offer) => (
          <OfferCard key={offer.id} offer={offer} onOpen={open} />
        ))}
        {!data &&
          !offers.isError &&
          SKELETON_CARDS.map((n) => (
            <li key={n} className="sp-process__offer">
              <Skeleton active title={false} paragraph={{ rows: 6 }} />
            </li>
          ))}
      </ul>
      {data && data.total > OFFERS_PAGE_SIZE && (
        <Pagination
          className="sp-process__pager"
          current={query.page}
          pageSize={OFFERS_PAGE_SIZE}
          total={data.total}
          showSizeChanger={false}
          onChange={(page) => update({ page }, true)}
        />
      )}
      {dialog && <EnquiryDialog dialog={dialog} onClose={() => setDialog(null)} />}
      {gate.notice}
    </>
  );
}

/** A number filter applied on blur or Enter (the URL changes once, not per keystroke). */
function NumberFilter(props: {
  label: string;
  placeholder: string;
  value: number | undefined;
  max: number;
  step: number;
  integer?: boolean;
  onChange: (value: number | undefined) => void;
}) {
  const [draft, setDraft] = useState<number | null>(props.value ?? null);
  const [shown, setShown] = useState(props.value);
  if (shown !== props.value) {
    setShown(props.value);
    setDraft(props.value ?? null);
  }
  const commit = () => {
    const v = draft ?? undefined;
    if (v !== props.value) props.onChange(v);
  };
  return (
    <InputNumber<number>
      aria-label={props.label}
      className="sp-process__number"
      prefix={<span className="sp-muted">{props.label}</span>}
      placeholder={props.placeholder}
      min={props.integer ? 1 : 0.01}
      max={props.max}
      step={props.step}
      precision={props.integer ? 0 : undefined}
      value={draft}
      onChange={(v) => setDraft(v)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}

/** One offer: line, ranges, fee, capacity, and its group order with progress. */
function OfferCard({
  offer,
  onOpen,
}: {
  offer: ProcessingOffer;
  onOpen: (o: ProcessingOffer, m: Dialog['mode']) => void;
}) {
  const { t } = useTranslation();
  const group = offer.group;
  return (
    <li className="sp-process__offer" data-testid="process-offer" data-offer-id={offer.id}>
      <div className="sp-process__head">
        <Tag color="blue" className="sp-process__line">
          {t(`processing.lineTypes.${offer.lineType as ProcessingLineType}`, {
            defaultValue: offer.lineType,
          })}
        </Tag>
        <h2 className="sp-process__plant" lang="zh">
          {offer.plantName}
        </h2>
        <span className="sp-muted">
          <TradeName kind="cities" name={offer.city} />
        </span>
      </div>
      <p className="sp-process__ranges">
        {t('processing.thicknessRange', { min: offer.thicknessMin, max: offer.thicknessMax })} ·{' '}
        {t('processing.widthRange', { min: offer.widthMin, max: offer.widthMax })}
      </p>
      <dl className="sp-process__facts">
        <div>
          <dt>{t('processing.fee')}</dt>
          <dd className="sp-process__price">{formatPriceText(offer.price)}</dd>
        </div>
        <div>
          <dt>{t('processing.freeCapacity')}</dt>
          <dd>{formatTonnesText(offer.freeCapacityTonnes)}</dd>
        </div>
      </dl>
      {group ? (
        <div className="sp-process__group" data-testid="process-group">
          <div className="sp-process__grouphead">
            <strong>{t('processing.group')}</strong>
            <Tag color={group.state === 'open' ? 'green' : group.state === 'full' ? 'gold' : undefined}>
              {t(`processing.states.${group.state}`)}
            </Tag>
            {group.deadline && (
              <span className="sp-muted">{t('processing.deadline', { day: group.deadline })}</span>
            )}
          </div>
          <Progress
            percent={Math.min(100, group.progress)}
            // a full order keeps the page's colours: antd's success green is too light for text
            status="normal"
            strokeColor={group.state === 'full' ? '#8c6210' : undefined}
            size="small"
            aria-label={t('processing.groupProgress', {
              joined: formatTonnesText(group.joinedTonnes),
              target: formatTonnesText(group.targetTonnes),
            })}
            format={(p) => `${formatCount(p ?? 0)}%`}
          />
          <p className="sp-process__groupline" data-testid="process-joined">
            {t('processing.groupProgress', {
              joined: formatTonnesText(group.joinedTonnes),
              target: formatTonnesText(group.targetTonnes),
            })}
            {' · '}
            {t('processing.groupLeft', { left: formatTonnesText(group.leftTonnes) })}
            {' · '}
            {t('processing.members', { count: group.members })}
          </p>
          {offer.myTonnes !== null && (
            <p className="sp-process__mine" data-testid="process-mine">
              {t('processing.mine', { tonnes: formatTonnesText(offer.myTonnes) })}
            </p>
          )}
        </div>
      ) : (
        <p className="sp-muted sp-process__group sp-process__nogroup">{t('processing.noGroup')}</p>
      )}
      <div className="sp-process__actions">
        <Button className="sp-process__tap" onClick={() => onOpen(offer, 'enquire')}>
          {t('processing.enquire')}
        </Button>
        {group && (group.state === 'open' || (group.state === 'full' && offer.myTonnes !== null)) && (
          <Button type="primary" className="sp-process__tap" onClick={() => onOpen(offer, 'join')}>
            {offer.myTonnes !== null ? t('processing.changeJoin') : t('processing.join')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** The join or enquiry dialog; once answered it shows the plant's contact. */
function EnquiryDialog({ dialog, onClose }: { dialog: Dialog; onClose: () => void }) {
  const { t } = useTranslation();
  const enquire = useEnquire();
  const [form] = Form.useForm<{ tonnes?: number; remark?: string }>();
  const [result, setResult] = useState<ProcessingEnquiryResult | null>(null);
  const { offer, mode } = dialog;
  const max = offer.group ? offer.group.leftTonnes + (offer.myTonnes ?? 0) : 0;
  const joining = mode === 'join';

  const submit = async () => {
    const values = await form.validateFields();
    try {
      const answer = await enquire.mutateAsync({
        offerId: offer.id,
        ...(joining && { tonnes: values.tonnes }),
        remark: values.remark?.trim() || undefined,
      });
      setResult(answer);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : String(error);
      form.setFields([{ name: joining ? 'tonnes' : 'remark', errors: [message] }]);
    }
  };

  return (
    <Modal
      open
      title={t(joining ? 'processing.joinTitle' : 'processing.enquireTitle', { plant: offer.plantName })}
      onCancel={onClose}
      width={440}
      footer={
        result
          ? [
              <Button key="close" type="primary" onClick={onClose}>
                {t('processing.close')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose}>
                {t('cloud.cancel')}
              </Button>,
              <Button key="ok" type="primary" loading={enquire.isPending} onClick={() => void submit()}>
                {t(joining ? 'processing.submitJoin' : 'processing.submitEnquire')}
              </Button>,
            ]
      }
    >
      {result ? (
        <div className="sp-process__result" data-testid="process-contact">
          <p className="sp-process__done">
            {result.myTonnes !== null && joining
              ? t('processing.joined', { tonnes: formatTonnesText(result.myTonnes) })
              : t('processing.enquired')}
          </p>
          <h4>{t('processing.contactTitle')}</h4>
          <dl className="sp-process__contact">
            <dt>{t('processing.contactName')}</dt>
            <dd>{result.contactName}</dd>
            <dt>{t('processing.contactPhone')}</dt>
            <dd>
              <a href={`tel:${result.contactPhone}`}>{result.contactPhone}</a>
            </dd>
            <dt>{t('processing.address')}</dt>
            <dd lang="zh">{result.address || result.city}</dd>
          </dl>
        </div>
      ) : (
        <Form form={form} layout="vertical" initialValues={{ tonnes: offer.myTonnes ?? undefined }}>
          {joining && (
            <Form.Item
              name="tonnes"
              label={t('processing.tonnes')}
              extra={t('processing.tonnesHint', { max: formatTonnesText(max) })}
              rules={[{ required: true, message: t('processing.tonnesRequired') }]}
            >
              <InputNumber<number>
                min={1}
                max={max}
                precision={0}
                step={1}
                className="sp-process__tonnes"
                autoFocus
              />
            </Form.Item>
          )}
          <Form.Item name="remark" label={t('processing.remark')}>
            <Input.TextArea
              rows={2}
              maxLength={PROCESSING_LIMITS.remarkLength}
              placeholder={t('processing.remarkPlaceholder')}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
