import '../../i18n/priceTable.ts';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTradeName } from '../../i18n/tradeNames.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { HistoryPanel, type OpenCell } from './HistoryPanel.tsx';
import { useItemText } from './PriceCellView.tsx';
import { QuotesPanel } from './QuotesPanel.tsx';

/**
 * What a cell opens: its history (chart, ranges, export) and the quotes behind it on the
 * table's day. From the right on a desktop, the whole screen on a phone. The last cell stays
 * drawn while the drawer closes.
 */
export function CellDrawer({
  cell,
  open,
  onClose,
}: {
  cell: OpenCell | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const itemText = useItemText();
  const tradeName = useTradeName();
  const item = cell ? itemText(cell) : '';
  const city = cell ? tradeName('cities', cell.city) : '';
  return (
    <Drawer
      rootClassName="sp-pt-drawer"
      title={cell ? `${city} · ${item}` : ''}
      placement="right"
      size={isPhone ? '100%' : 640}
      open={open}
      onClose={onClose}
      destroyOnHidden
    >
      {cell && (
        <div className="sp-pt-drawer__body" data-testid="price-drawer">
          <HistoryPanel
            key={`${cell.city}|${cell.grade}|${cell.spec}|${cell.mill}|${cell.date}`}
            cell={cell}
            label={t('priceTable.drawer.chartLabel', { city, item })}
          />
          <QuotesPanel cell={cell} />
        </div>
      )}
    </Drawer>
  );
}
