import '../../i18n/services.ts';
import type { InspectionRegions, InspectionWarehouse } from '@steelport/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, ConfigProvider, Descriptions, Empty, Skeleton, Tree } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { renderShown, TradeName, useShownName } from '../../i18n/tradeNames.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { formatPercent, formatTonnesText } from '../../lib/numbers.ts';

/**
 * Tree sizes (docs/portal.md#constants): a virtual tree's rows are 26 px and its default height
 * 200 px; indent 18 (16 virtual).
 */
export const TREE_ROW_HEIGHT = 26;
export const TREE_HEIGHT = 200;
/** Rows beyond which the tree becomes a virtual list of TREE_HEIGHT. */
const LONG_TREE = Math.floor(TREE_HEIGHT / TREE_ROW_HEIGHT);
/** On a phone a row is a 44 px tap target. */
const PHONE_ROW_HEIGHT = 44;

/** The partner warehouses grouped by region; picking one shows it below. */
export function RegionTree({
  query,
  picked,
  onPick,
}: {
  query: UseQueryResult<InspectionRegions>;
  picked: InspectionWarehouse | null;
  onPick: (w: InspectionWarehouse) => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const shown = useShownName();
  const { treeData, byKey, rows } = useMemo(() => {
    const byKey = new Map<string, InspectionWarehouse>();
    const treeData = (query.data?.regions ?? []).map((r) => ({
      key: `r:${r.region}`,
      // Regions have no English names: the whole title is marked Chinese.
      title: (
        <span lang="zh">{t('inspection.regionCount', { region: r.region, count: r.warehouses.length })}</span>
      ),
      selectable: false,
      children: r.warehouses.map((w) => {
        byKey.set(`w:${w.id}`, w);
        return {
          key: `w:${w.id}`,
          title: (
            <>
              {renderShown(shown('cities', w.city))} · {renderShown(shown('warehouses', w.name))}
            </>
          ),
          isLeaf: true,
        };
      }),
    }));
    return { treeData, byKey, rows: byKey.size + treeData.length };
  }, [query.data, t, shown]);

  if (query.isError) return <Alert type="error" showIcon title={query.error.message} />;
  if (!query.data)
    return (
      <div className="sp-inspection__tree" style={{ height: TREE_HEIGHT }} aria-busy>
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      </div>
    );
  if (treeData.length === 0) return <Empty description={t('inspection.warehousesEmpty')} />;
  const virtual = rows > LONG_TREE;
  const rowHeight = phone ? PHONE_ROW_HEIGHT : TREE_ROW_HEIGHT;
  return (
    <ConfigProvider
      theme={{ components: { Tree: { indentSize: virtual ? 16 : 18, titleHeight: rowHeight } } }}
    >
      <div className="sp-inspection__tree" data-testid="region-tree">
        <Tree
          aria-label={t('inspection.treeLabel')}
          treeData={treeData}
          defaultExpandAll
          blockNode
          virtual={virtual}
          {...(virtual ? { height: phone ? PHONE_ROW_HEIGHT * 7 : TREE_HEIGHT, itemHeight: rowHeight } : {})}
          selectedKeys={picked ? [`w:${picked.id}`] : []}
          onSelect={(keys) => {
            const w = byKey.get(String(keys[0]));
            if (w) onPick(w);
          }}
        />
      </div>
    </ConfigProvider>
  );
}

/** The picked warehouse: address, capacity, latest stock and saturation. */
export function WarehouseDetail({
  warehouse,
  canRequest,
  onRequest,
}: {
  warehouse: InspectionWarehouse | null;
  canRequest: boolean;
  onRequest: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="sp-inspection__detail" data-testid="warehouse-detail">
      {warehouse ? (
        <>
          <h3 className="sp-inspection__detailname">
            <TradeName kind="warehouses" name={warehouse.name} />
          </h3>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'a',
                label: t('inspection.address'),
                children: (
                  <span lang="zh">{`${warehouse.province} ${warehouse.address || warehouse.city}`}</span>
                ),
              },
              {
                key: 'c',
                label: t('inspection.capacity'),
                children: formatTonnesText(warehouse.capacityTonnes),
              },
              { key: 's', label: t('inspection.stock'), children: formatTonnesText(warehouse.stockTonnes) },
              {
                key: 'p',
                label: t('inspection.saturation'),
                children:
                  warehouse.saturation === null
                    ? formatPercent(null)
                    : formatPercent(warehouse.saturation / 100),
              },
            ]}
          />
          {canRequest && (
            <Button
              type="primary"
              ghost
              className="sp-inspection__pick"
              onClick={() => onRequest(warehouse.id)}
            >
              {t('inspection.pickThis')}
            </Button>
          )}
        </>
      ) : (
        <p className="sp-muted">{t('inspection.detailHint')}</p>
      )}
    </div>
  );
}
