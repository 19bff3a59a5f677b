import '../../i18n/priceTable.ts';
import { Button } from 'antd';
// antd's Input alone: the barrel's Input carries TextArea, Password and OTP (about 6 KB gzip).
import Input from 'antd/es/input/Input';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LazyDatePicker } from '../../components/LazyDatePicker.tsx';
import { NativeSelect } from '../../components/NativeSelect.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { TradeName, useTradeName } from '../../i18n/tradeNames.tsx';
import { useDraft } from '../../lib/draft.ts';
import type { PriceTableState } from './urlState.ts';

/** A change of the screen's state, which the page writes to the address. */
export type StatePatch = Partial<Omit<PriceTableState, 'productInPath'>>;

/**
 * The product tabs (the products that have a table, in the vocabulary's order), their names in
 * the page's language. The strip keeps its height while the first table loads.
 */
export function ProductTabs({
  products,
  product,
  onProduct,
}: {
  products: string[] | undefined;
  product: string;
  onProduct: (product: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="sp-pt-tabs" aria-label={t('priceTable.products')} data-testid="price-products">
      {products ? (
        <Tabs
          activeKey={product}
          onChange={onProduct}
          items={products.map((p) => ({ key: p, label: <TradeName kind="products" name={p} /> }))}
        />
      ) : (
        <span className="sp-skeleton-line sp-pt-tabs__skeleton" />
      )}
    </nav>
  );
}

/** Days after today have no quotes yet. */
const isFuture = (day: Dayjs) => day.isAfter(dayjs(), 'day');

/**
 * The day switch (a date, the previous trading day, back to the latest) and the filters: grade
 * and spec, and on a desktop the city (a phone picks its one city beside the cards).
 */
export function TableFilters({
  state,
  day,
  previousDay,
  grades,
  cities,
  showCity,
  onChange,
}: {
  state: PriceTableState;
  /** the table's day, as the answer gives it */
  day: string | null;
  previousDay: string | null;
  grades: string[];
  cities: string[];
  showCity: boolean;
  onChange: (patch: StatePatch) => void;
}) {
  const { t } = useTranslation();
  const tradeName = useTradeName();
  const [spec, setSpec] = useDraft(state.spec ?? '', state.spec ?? '');
  const applySpec = () => {
    const next = spec.trim() || null;
    if (next !== state.spec) onChange({ spec: next });
  };
  return (
    <div className="sp-pt-filters">
      <div className="sp-pt-filters__day">
        <LazyDatePicker
          aria-label={t('priceTable.day.label')}
          value={day ? dayjs(day) : null}
          allowClear={false}
          disabledDate={isFuture}
          onChange={(value) => value && onChange({ date: value.format('YYYY-MM-DD') })}
          data-testid="price-date"
        />
        <Button disabled={!previousDay} onClick={() => previousDay && onChange({ date: previousDay })}>
          {t('priceTable.day.previous')}
        </Button>
        <Button disabled={!state.date} onClick={() => onChange({ date: null })}>
          {t('priceTable.day.latest')}
        </Button>
      </div>
      <NativeSelect
        className="sp-pt-filters__grade"
        aria-label={t('priceTable.filters.grade')}
        value={state.grade ?? ''}
        onChange={(grade) => onChange({ grade: grade || null })}
        options={[
          { value: '', label: t('priceTable.filters.gradeAll') },
          ...grades.map((g) => ({ value: g, label: g })),
        ]}
        data-testid="price-grade"
      />
      <Input
        className="sp-pt-filters__spec"
        aria-label={t('priceTable.filters.spec')}
        placeholder={t('priceTable.filters.specPlaceholder')}
        allowClear
        value={spec}
        onChange={(event) => {
          setSpec(event.target.value);
          // The clear button empties the box: apply at once.
          if (event.type === 'click' && state.spec) onChange({ spec: null });
        }}
        onPressEnter={applySpec}
        onBlur={applySpec}
        data-testid="price-spec"
      />
      {showCity && (
        <NativeSelect
          className="sp-pt-filters__city"
          aria-label={t('priceTable.filters.city')}
          value={state.city ?? ''}
          onChange={(city) => onChange({ city: city || null })}
          options={[
            { value: '', label: t('priceTable.filters.cityAll') },
            ...cities.map((c) => ({ value: c, label: tradeName('cities', c) })),
          ]}
          data-testid="price-city"
        />
      )}
    </div>
  );
}
