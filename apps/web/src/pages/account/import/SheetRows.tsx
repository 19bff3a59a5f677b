import '../../../i18n/workspace.ts';
import type { ImportPreview, ImportSheetRow, RowError } from '@steelport/contracts';
import { Checkbox, Pagination, Table } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportRows } from '../../../api/workspace.ts';
import { LoadError } from '../../../components/LoadError.tsx';
import { ScrollRegion } from '../../../components/ScrollRegion.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { formatCount } from '../../../lib/numbers.ts';
import { badCell } from './importRules.ts';

const DESKTOP_PAGE = 20;
const PHONE_PAGE = 10;

/**
 * Every row of the previewed sheet as the trader wrote it, a page at a time from the server, under
 * the sheet's own headers: a cell with a problem is marked in its column, and each row lists its
 * errors by the sheet's column names (beside the row number, so a wide sheet needs no scrolling
 * to read them). 只看有错误的行 narrows the pages to the rows with errors.
 * Cells are the sheet's text as written (not the portal's number format): it is the trader's
 * sheet being checked, and 4,120 or 十吨 must read as typed.
 */
export function SheetRows({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [page, setPage] = useState(1);
  const [errorsOnly, setErrorsOnly] = useState(false);
  const pageSize = isPhone ? PHONE_PAGE : DESKTOP_PAGE;
  const rows = useImportRows(preview.importId, page, pageSize, errorsOnly);
  const total = rows.data?.total ?? (errorsOnly ? preview.errorCount : preview.rows);
  const list = rows.data?.list ?? [];
  const pager = {
    current: page,
    pageSize,
    total,
    showSizeChanger: false,
    hideOnSinglePage: true,
    onChange: setPage,
  };

  return (
    <div className="sp-import__rows">
      <div className="sp-import__rowshead">
        <h3 className="sp-import__subtitle" id="import-rows-title">
          {t('workspace.import.rowsTitle')}
          <span className="sp-muted">{t('workspace.import.rowsCount', { count: formatCount(total) })}</span>
        </h3>
        {preview.errorCount > 0 && (
          <Checkbox
            className="sp-import__filter"
            checked={errorsOnly}
            onChange={(event) => {
              setErrorsOnly(event.target.checked);
              setPage(1);
            }}
          >
            {t('workspace.import.errorsOnly', { count: formatCount(preview.errorCount) })}
          </Checkbox>
        )}
      </div>
      {rows.isError && <LoadError error={rows.error} onRetry={rows.refetch} type="warning" />}
      {isPhone ? (
        <>
          <ol className="sp-import__cards" data-testid="import-rows" aria-busy={rows.isFetching}>
            {list.map((row) => (
              <RowCard key={row.row} t={t} preview={preview} row={row} />
            ))}
          </ol>
          <Pagination {...pager} className="sp-import__pager" />
        </>
      ) : (
        // A wide sheet scrolls in its own region, which the keyboard can reach and scroll.
        <ScrollRegion className="sp-import__scroll" labelledBy="import-rows-title">
          <Table<ImportSheetRow>
            data-testid="import-rows"
            size="small"
            rowKey="row"
            loading={rows.isFetching}
            pagination={{ ...pager, position: ['bottomRight'] }}
            dataSource={list}
            rowClassName={(row) => (row.errors.length > 0 ? 'sp-import__row--bad' : '')}
            columns={[
              { key: 'row', title: t('workspace.import.colRow'), dataIndex: 'row', width: 56 },
              {
                key: 'errors',
                title: t('workspace.import.colErrors'),
                render: (_: unknown, row: ImportSheetRow) => <RowErrors t={t} errors={row.errors} />,
              },
              ...preview.columns.map((column) => ({
                key: column.field,
                title: column.header,
                render: (_: unknown, row: ImportSheetRow) => (
                  <span className={badCell(row.errors, column.header) ? 'sp-import__cell--bad' : undefined}>
                    {row.cells[column.field] ?? ''}
                  </span>
                ),
              })),
            ]}
          />
        </ScrollRegion>
      )}
    </div>
  );
}

/** A row's errors, each under the sheet's column name (整行 for the whole row); 无误 without any. */
function RowErrors({ t, errors }: { t: TFunction; errors: readonly RowError[] }) {
  if (errors.length === 0) return <span className="sp-import__ok">{t('workspace.import.rowOk')}</span>;
  return (
    <ul className="sp-import__reasons">
      {errors.map((error, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row may have two errors in one column
        <li key={i} className="sp-import__reason">
          <strong>{error.column || t('workspace.import.wholeRow')}</strong>
          {t('workspace.import.colon')}
          {error.message}
        </li>
      ))}
    </ul>
  );
}

/** One row on a phone: its number, its cells under the sheet's headers, its errors. */
function RowCard({ t, preview, row }: { t: TFunction; preview: ImportPreview; row: ImportSheetRow }) {
  return (
    <li className={row.errors.length > 0 ? 'sp-import__card sp-import__card--bad' : 'sp-import__card'}>
      <strong>{t('workspace.import.rowN', { row: row.row })}</strong>
      {preview.columns.map((column) => (
        <span key={column.field} className="sp-import__pair">
          <span className="sp-muted">{column.header}</span>{' '}
          <span className={badCell(row.errors, column.header) ? 'sp-import__cell--bad' : undefined}>
            {row.cells[column.field] ?? ''}
          </span>
        </span>
      ))}
      <RowErrors t={t} errors={row.errors} />
    </li>
  );
}
