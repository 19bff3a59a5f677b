import './process.css';
import '../../i18n/services.ts';
import {
  PROCESSING_LIMITS,
  PROCESSING_LINE_TYPES,
  type ProcessingLineType,
  type ProcessingOffer,
} from '@steelport/contracts';
import { Alert, Button, Checkbox, Radio, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OFFERS_PAGE_SIZE, useOffers, useProcessingMenus } from '../../api/processing.ts';
import { useSession } from '../../auth/session.ts';
import { preloadGateNotice, useGateNotice } from '../../components/GateNotice.tsx';
import { NativeSelect } from '../../components/NativeSelect.tsx';
import { Pager } from '../../components/Pager.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { usePageHref } from '../../components/pageLinks.tsx';
import { ServiceClosed, useServiceShown } from '../../components/services/ServiceClosed.tsx';
import { withScreenTexts } from '../../i18n/index.ts';
import { useShownName } from '../../i18n/tradeNames.tsx';
import { loadOnce, useOnDemand } from '../../lib/onDemand.ts';
import type { Dialog } from './EnquiryDialog.tsx';
import { NumberFilter } from './NumberFilter.tsx';
import { OfferCard } from './OfferCard.tsx';
import { readQuery, SORTS } from './offerQuery.ts';

const SKELETON_CARDS = [1, 2, 3, 4, 5, 6];

/**
 * The join and enquiry dialog (antd's Modal, Form and InputNumber with the validator, about
 * 35 KB gzip) loads when a member first opens it, or when a pointer or the focus reaches its
 * button: not with the screen.
 */
const loadDialog = loadOnce(withScreenTexts(() => import('./EnquiryDialog.tsx')));
const EnquiryDialog = lazy(() => loadDialog().then((module) => ({ default: module.EnquiryDialog })));

/**
 * /process, 共享加工: plants' free capacity by line type (分条, 开平, 纵剪, 横切) with their
 * thickness and width ranges, fee and city, and their group orders (拼单) with a progress bar;
 * filters from the menus, kept in the URL. A member enquires or joins with a tonnage and gets
 * the plant's contact; a visitor is asked to log in first.
 */
export function ProcessingPage() {
  const { t } = useTranslation();
  const shown = useServiceShown('processing');
  return (
    <div className="sp-container sp-page sp-process">
      <PageTitle>{t('pages.process.title')}</PageTitle>
      {shown ? <ProcessScreen /> : <ServiceClosed service="processing" />}
    </div>
  );
}

function ProcessScreen() {
  const { t } = useTranslation();
  const shownName = useShownName();
  const pageHref = usePageHref();
  const lineName = (value: string) =>
    t(`processing.lineTypes.${value as ProcessingLineType}`, { defaultValue: value });
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const offers = useOffers(query);
  const menus = useProcessingMenus();
  const gate = useGateNotice();
  const dialog = useOnDemand<Dialog>(loadDialog);

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
    dialog.open({ offer, mode });
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
          <NativeSelect
            aria-label={t('processing.city')}
            className="sp-process__select"
            value={query.city ?? ''}
            onChange={(city) => update({ city: city || undefined })}
            options={[
              { value: '', label: t('processing.allCities') },
              ...(menus.data?.cities ?? []).map((c) => {
                const shown = shownName('cities', c.value);
                return {
                  value: c.value,
                  label: `${shown.text} (${c.count})`,
                  ...(shown.zh ? { lang: 'zh' } : {}),
                };
              }),
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
          <NativeSelect
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
          <OfferCard
            key={offer.id}
            offer={offer}
            onOpen={open}
            pending={dialog.pending?.offer.id === offer.id ? dialog.pending.mode : undefined}
            onPreload={session.token ? dialog.preload : preloadGateNotice}
          />
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
        <Pager
          className="sp-process__pager"
          current={query.page}
          pageSize={OFFERS_PAGE_SIZE}
          total={data.total}
          hrefOf={pageHref}
          onChange={(page) => update({ page }, true)}
        />
      )}
      {dialog.shown && (
        <Suspense fallback={null}>
          <EnquiryDialog dialog={dialog.shown} onClose={dialog.close} />
        </Suspense>
      )}
      {gate.notice}
    </>
  );
}
