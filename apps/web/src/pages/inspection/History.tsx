import '../../i18n/services.ts';
import type { InspectionItem } from '@steelport/contracts';
import { Alert, Button, Empty, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInspectionHistory } from '../../api/inspection.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { Pager } from '../../components/Pager.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { StatusTag } from './StatusTag.tsx';
import { TraceDrawer } from './TraceDrawer.tsx';

const PAGE_SIZE = 10;

/** 我的验货申请: newest first, a table on a desk, cards on a phone; 查看跟踪 opens the trace. */
export function History() {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const [page, setPage] = useState(1);
  const [traceId, setTraceId] = useState<number | null>(null);
  const history = useInspectionHistory({ page, pageSize: PAGE_SIZE }, true);
  const list = history.data?.list ?? [];
  const beans = (n: number) => (n === 0 ? t('inspection.free') : t('inspection.beansSpent', { count: n }));
  const coils = (r: InspectionItem) =>
    r.coilNumbers.length > 2
      ? t('inspection.coilsMore', {
          first: r.coilNumbers.slice(0, 2).join('、'),
          count: r.coilNumbers.length,
        })
      : r.coilNumbers.join('、') || '—';
  const traceButton = (r: InspectionItem) => (
    <Button
      type="link"
      className="sp-inspection__tracebtn"
      onClick={() => setTraceId(r.id)}
      aria-label={`${t('inspection.trace')} ${r.id}`}
    >
      {t('inspection.trace')}
    </Button>
  );

  let body: React.ReactNode;
  if (history.isError) body = <Alert type="error" showIcon title={history.error.message} />;
  else if (!history.data)
    body = (
      <Skeleton active title={false} paragraph={{ rows: 5 }} className="sp-inspection__historyskeleton" />
    );
  else if (list.length === 0) body = <Empty description={t('inspection.historyEmpty')} />;
  else if (phone)
    body = (
      <ul className="sp-inspection__cards">
        {list.map((r) => (
          <li key={r.id} className="sp-inspection__card" data-testid="inspection-row">
            <div className="sp-inspection__cardhead">
              <strong>{r.warehouseName}</strong>
              <StatusTag item={r} />
            </div>
            <p>{coils(r)}</p>
            <p className="sp-muted">
              {t('inspection.col.date')} {r.requestedDate} · {beans(r.beansSpent)}
            </p>
            {traceButton(r)}
          </li>
        ))}
      </ul>
    );
  else
    body = (
      <DataTable<InspectionItem>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={list}
        onRow={() => ({ 'data-testid': 'inspection-row' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'c',
            title: t('inspection.col.createdAt'),
            render: (_, r) => dayjs(r.createdAt).format('YYYY-MM-DD HH:mm'),
            width: 140,
          },
          {
            key: 'w',
            title: t('inspection.col.warehouse'),
            render: (_, r) => `${r.city} · ${r.warehouseName}`,
          },
          { key: 'k', title: t('inspection.col.coils'), render: (_, r) => coils(r) },
          { key: 'd', title: t('inspection.col.date'), dataIndex: 'requestedDate', width: 110 },
          {
            key: 's',
            title: t('inspection.col.status'),
            render: (_, r) => <StatusTag item={r} />,
            width: 90,
          },
          { key: 'b', title: t('inspection.col.beans'), render: (_, r) => beans(r.beansSpent), width: 90 },
          { key: 'a', title: t('inspection.col.action'), render: (_, r) => traceButton(r), width: 100 },
        ]}
      />
    );

  return (
    <section className="sp-box sp-inspection__history" aria-labelledby="insp-history">
      <h2 className="sp-box__title" id="insp-history">
        {t('inspection.historyTitle')}
      </h2>
      <div className="sp-box__body" aria-busy={!history.data}>
        {body}
        {history.data && history.data.total > PAGE_SIZE && (
          <Pager
            className="sp-inspection__pager"
            current={page}
            pageSize={PAGE_SIZE}
            total={history.data.total}
            onChange={setPage}
          />
        )}
      </div>
      <TraceDrawer id={traceId} onClose={() => setTraceId(null)} />
    </section>
  );
}
