import '../../../i18n/adminContent.ts';
import '../../../i18n/adminServices.ts';
import {
  type AdminOfferBody,
  type AdminOfferRow,
  ADMIN_SERVICES_LIMITS as L,
  PROCESSING_LINE_TYPES,
  type ProcessingLineType,
} from '@steelport/contracts';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useAdminOffers, useOfferWrites } from '../../../api/adminServices.ts';
import { AdminFilterSelect } from '../../../components/admin/AdminFilterSelect.tsx';
import { AdminListScreen } from '../../../components/admin/AdminListScreen.tsx';
import { AdminRowActions } from '../../../components/admin/AdminRowActions.tsx';
import { ConfirmButton } from '../../../components/admin/ConfirmButton.tsx';
import { activeOf } from '../../../components/admin/listFilters.ts';
import { useAdminEditing } from '../../../components/admin/useAdminEditing.ts';
import { useListState } from '../../../components/admin/useListState.ts';
import { formatPriceText, formatTonnes, formatTonnesText } from '../../../lib/numbers.ts';
import { OfferDrawer } from './OfferDrawer.tsx';
import { bodyOfOffer } from './offerBody.ts';

const FILTERS = ['view', 'lineType', 'active'] as const;
// ten a page: each row carries four actions, and a lighter page stays quick to scan (and to audit)
const PAGE_SIZE = 10;
const GROUP_COLORS = { none: 'default', open: 'green', full: 'blue', closed: 'default' } as const;

const isLine = (v: string | undefined): v is ProcessingLineType =>
  (PROCESSING_LINE_TYPES as readonly string[]).includes(v ?? '');

/** 加工报价: the offers with their group orders. */
export function OffersTab() {
  const { t } = useTranslation();
  const list = useListState(FILTERS);
  const lineType = isLine(list.filters.lineType) ? list.filters.lineType : undefined;
  const active = activeOf(list.filters.active);
  const rows = useAdminOffers({
    page: list.page,
    pageSize: PAGE_SIZE,
    ...(list.keyword ? { keyword: list.keyword } : {}),
    ...(lineType ? { lineType } : {}),
    ...(active !== undefined ? { active } : {}),
  });
  const writes = useOfferWrites();
  const editor = useAdminEditing<AdminOfferRow, AdminOfferBody>(writes);
  const act = editor.act;
  const p = 'adminServices.processing';

  const columns: ColumnsType<AdminOfferRow> = [
    { key: 'id', title: t('adminServices.inspections.colId'), dataIndex: 'id', width: 64 },
    { key: 'plant', title: t(`${p}.colPlant`), dataIndex: 'plantName' },
    { key: 'line', title: t(`${p}.colLine`), dataIndex: 'lineType', width: 70 },
    {
      key: 'range',
      title: t(`${p}.colRange`),
      width: 200,
      render: (_, r) =>
        t(`${p}.rangeValue`, {
          tMin: r.thicknessMin,
          tMax: r.thicknessMax,
          wMin: r.widthMin,
          wMax: r.widthMax,
        }),
    },
    { key: 'city', title: t(`${p}.colCity`), dataIndex: 'city', width: 80 },
    {
      key: 'price',
      title: t(`${p}.colPrice`),
      width: 110,
      align: 'right',
      render: (_, r) => formatPriceText(r.price),
    },
    {
      key: 'capacity',
      title: t(`${p}.colCapacity`),
      width: 110,
      align: 'right',
      render: (_, r) => formatTonnesText(r.freeCapacityTonnes),
    },
    {
      key: 'group',
      title: t(`${p}.colGroup`),
      width: 170,
      render: (_, r) => (
        <span className="sp-admin-table__title">
          <Tag color={GROUP_COLORS[r.groupState]}>{t(`${p}.groupState.${r.groupState}`)}</Tag>
          {r.groupState !== 'none' && (
            <span className="sp-admin-table__muted">
              {t(`${p}.groupValue`, {
                joined: formatTonnes(r.groupJoinedTonnes),
                target: formatTonnesText(r.groupTargetTonnes),
              })}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'active',
      title: t(`${p}.colActive`),
      width: 80,
      render: (_, r) =>
        r.active ? <Tag color="green">{t(`${p}.active`)}</Tag> : <Tag>{t(`${p}.inactive`)}</Tag>,
    },
    {
      key: 'actions',
      title: t('adminServices.actions'),
      width: 260,
      fixed: 'right',
      render: (_, r) => (
        <span className="sp-admin-table__actions">
          <AdminRowActions
            name={r.plantName}
            onEdit={() => editor.openEdit(r)}
            toggle={{
              on: r.active,
              offLabel: t('adminContent.withdraw'),
              offQuestion: t(`${p}.disableQuestion`, { name: r.plantName }),
              onLabel: t('adminContent.publish'),
              onToggle: (next) =>
                editor.update(
                  r.id,
                  bodyOfOffer(r, { active: next }),
                  next ? t('adminContent.published') : t('adminContent.withdrawn'),
                ),
            }}
            onDelete={() => editor.remove(r.id)}
          />
          {r.groupTargetTonnes > 0 &&
            (r.groupOpen ? (
              <ConfirmButton
                label={t(`${p}.closeGroup`)}
                question={t(`${p}.closeGroupQuestion`, { name: r.plantName })}
                ariaLabel={`${t(`${p}.closeGroup`)} ${r.plantName}`}
                onConfirm={() =>
                  act(() => writes.group.mutateAsync({ id: r.id, open: false }), t(`${p}.groupClosed`))
                }
              />
            ) : (
              <Button
                type="link"
                size="small"
                aria-label={`${t(`${p}.openGroup`)} ${r.plantName}`}
                onClick={() =>
                  void act(() => writes.group.mutateAsync({ id: r.id, open: true }), t(`${p}.groupOpened`))
                }
              >
                {t(`${p}.openGroup`)}
              </Button>
            ))}
        </span>
      ),
    },
  ];

  return (
    <AdminListScreen<AdminOfferRow>
      title={t('adminServices.processing.offersTab')}
      list={list}
      rows={rows}
      columns={columns}
      searchPlaceholder={t(`${p}.searchPlaceholder`)}
      keywordMax={L.keywordMax}
      filters={
        <>
          <AdminFilterSelect<string>
            label={t(`${p}.lineFilter`)}
            value={lineType}
            options={PROCESSING_LINE_TYPES.map((l) => ({ value: l, label: l }))}
            onChange={(value) => list.setFilter('lineType', value)}
          />
          <AdminFilterSelect
            label={t(`${p}.activeFilter`)}
            value={list.filters.active}
            options={[
              { value: 'true', label: t(`${p}.active`) },
              { value: 'false', label: t(`${p}.inactive`) },
            ]}
            onChange={(value) => list.setFilter('active', value)}
          />
        </>
      }
      createLabel={t(`${p}.create`)}
      onCreate={editor.openCreate}
      scrollX={1400}
    >
      <OfferDrawer editing={editor.editing} onClose={editor.close} onSave={editor.save} />
    </AdminListScreen>
  );
}
