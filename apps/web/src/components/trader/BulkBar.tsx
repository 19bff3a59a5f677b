import '../../i18n/workspace.ts';
import { TRADER_LIMITS } from '@steelport/contracts';
import { Button, Checkbox, InputNumber, Popconfirm, Popover, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/numbers.ts';

/** A bulk action of a selection; lots have all four, quotes 调价 and 删除. */
export type BulkAction = 'sold' | 'onSale' | 'reprice' | 'delete';

/**
 * 调价: a whole number of yuan per tonne to add to every selected price (−30 lowers). An input
 * with its own 确定, so a stray Enter in the box never moves prices the trader did not mean.
 */
export function RepriceInput({
  label,
  busy,
  onApply,
  applyText,
}: {
  label: string;
  busy: boolean;
  onApply: (delta: number) => void;
  applyText: string;
}) {
  const { t } = useTranslation();
  const [delta, setDelta] = useState<number | null>(null);
  const valid = delta !== null && delta !== 0;
  return (
    <Space.Compact>
      <InputNumber
        aria-label={label}
        placeholder={t('trader.bulk.deltaPlaceholder')}
        className="sp-trader__delta"
        value={delta}
        min={-TRADER_LIMITS.repriceMax}
        max={TRADER_LIMITS.repriceMax}
        precision={0}
        onChange={(next) => setDelta(typeof next === 'number' ? next : null)}
        onPressEnter={() => valid && onApply(delta)}
      />
      <Button type="primary" loading={busy} disabled={!valid} onClick={() => valid && onApply(delta)}>
        {applyText}
      </Button>
    </Space.Compact>
  );
}

/**
 * The bar over a list: 全选本页 (the table's own select-all would sit, focusable, inside the
 * aria-hidden row antd measures a scrolling table with; a phone's cards have none), then, while
 * rows are selected, how many and what can be done to all of them at once. 删除 asks first; 调价
 * opens its input. The bar is always there, so selecting rows moves nothing under it.
 */
export function BulkBar({
  pageIds,
  selected,
  actions,
  busy,
  onSelect,
  onAction,
}: {
  /** the rows on screen; empty while the list loads */
  pageIds: number[];
  selected: number[];
  actions: readonly BulkAction[];
  busy: boolean;
  onSelect: (ids: number[]) => void;
  onAction: (action: BulkAction, delta?: number) => void;
}) {
  const { t } = useTranslation();
  const [repriceOpen, setRepriceOpen] = useState(false);
  const count = selected.length;
  const all = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  return (
    <div className="sp-trader__bulk" role="toolbar" aria-label={t('trader.bulk.label')}>
      <Checkbox
        className="sp-trader__check"
        disabled={pageIds.length === 0}
        checked={all}
        indeterminate={count > 0 && !all}
        onChange={(event) => onSelect(event.target.checked ? pageIds : [])}
      >
        {t('trader.bulk.selectPage')}
      </Checkbox>
      {count > 0 && (
        <>
          <span className="sp-trader__bulk-count">
            {t('trader.bulk.selected', { count: formatCount(count) })}
          </span>
          {actions.includes('sold') && (
            <Button disabled={busy} onClick={() => onAction('sold')}>
              {t('trader.bulk.sold')}
            </Button>
          )}
          {actions.includes('onSale') && (
            <Button disabled={busy} onClick={() => onAction('onSale')}>
              {t('trader.bulk.onSale')}
            </Button>
          )}
          {actions.includes('reprice') && (
            <Popover
              trigger="click"
              open={repriceOpen}
              onOpenChange={setRepriceOpen}
              title={t('trader.bulk.deltaLabel')}
              content={
                <div className="sp-trader__reprice">
                  <RepriceInput
                    label={t('trader.bulk.deltaLabel')}
                    applyText={t('trader.bulk.apply')}
                    busy={busy}
                    onApply={(delta) => {
                      setRepriceOpen(false);
                      onAction('reprice', delta);
                    }}
                  />
                  <div className="sp-trader__hint">{t('trader.bulk.deltaHint')}</div>
                </div>
              }
            >
              <Button disabled={busy}>{t('trader.bulk.reprice')}</Button>
            </Popover>
          )}
          {actions.includes('delete') && (
            <Popconfirm
              title={t('trader.bulk.deleteConfirm', { count: formatCount(count) })}
              okText={t('trader.bulk.delete')}
              cancelText={t('trader.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => onAction('delete')}
            >
              <Button danger disabled={busy}>
                {t('trader.bulk.delete')}
              </Button>
            </Popconfirm>
          )}
          <Button type="link" onClick={() => onSelect([])}>
            {t('trader.bulk.clear')}
          </Button>
        </>
      )}
    </div>
  );
}
