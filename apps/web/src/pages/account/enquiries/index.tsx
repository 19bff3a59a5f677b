import './enquiries.css';
import '../../../i18n/workspace.ts';
import { PhoneOutlined } from '@ant-design/icons';
import type { ReceivedEnquiry } from '@steelport/contracts';
import { Button, Checkbox, Empty, Pagination, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAnswerEnquiry, useEnquiries } from '../../../api/workspace.ts';
import { LoadError } from '../../../components/LoadError.tsx';
import { readPositiveInt } from '../../../components/lots/lotQuery.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';

/** The last page `?page=` may name. */
const PAGE_MAX = 10_000;

/** Enquiries per page. */
export const ENQUIRIES_PAGE_SIZE = 20;
/** Placeholder lines while the first page loads, each as tall as a real line. */
const SKELETON_LINES = 3;

/**
 * /account/enquiries, 收到的询价: who asked about which lot or quote, newest first, with the
 * buyer's name, full phone (a tel: link: the buyer is the trader's lead), company and message;
 * 标记已回复 per line, 只看未回复 and the page in the URL. A table on a desktop, cards on a phone.
 */
export function AccountEnquiriesPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [params, setParams] = useSearchParams();
  const page = readPositiveInt(params.get('page'), 1, PAGE_MAX);
  const unanswered = params.get('unanswered') === '1';
  const enquiries = useEnquiries(page, ENQUIRIES_PAGE_SIZE, unanswered);
  const answer = useAnswerEnquiry();
  const isPhone = useMediaQuery(PHONE_QUERY);

  const setQuery = (next: { page?: number; unanswered?: boolean }) => {
    const query = new URLSearchParams(params);
    const nextPage = next.page ?? 1;
    if (nextPage === 1) query.delete('page');
    else query.set('page', String(nextPage));
    const only = next.unanswered ?? unanswered;
    if (only) query.set('unanswered', '1');
    else query.delete('unanswered');
    setParams(query);
  };

  const markAnswered = (id: number) =>
    answer.mutate(id, { onSuccess: () => void message.success(t('workspace.enquiries.marked')) });
  const busyId = answer.isPending ? answer.variables : null;

  let body: ReactNode;
  if (enquiries.isError) {
    body = <LoadError error={enquiries.error} onRetry={enquiries.refetch} />;
  } else if (!enquiries.data) {
    body = (
      <div role="status" aria-label={t('workspace.enquiries.loading')}>
        {isPhone ? (
          <CardsSkeleton />
        ) : (
          <EnquiryTable t={t} rows={null} busyId={null} onAnswer={markAnswered} />
        )}
      </div>
    );
  } else if (enquiries.data.total === 0) {
    body = (
      <Empty
        className="sp-enquiries__empty"
        description={
          <>
            <div>
              {unanswered ? t('workspace.enquiries.emptyUnanswered') : t('workspace.enquiries.empty')}
            </div>
            {!unanswered && <div className="sp-muted">{t('workspace.enquiries.emptyHint')}</div>}
          </>
        }
      />
    );
  } else {
    const { list, total } = enquiries.data;
    body = (
      <>
        {isPhone ? (
          <EnquiryCards t={t} rows={list} busyId={busyId} onAnswer={markAnswered} />
        ) : (
          <EnquiryTable t={t} rows={list} busyId={busyId} onAnswer={markAnswered} />
        )}
        {total > ENQUIRIES_PAGE_SIZE && (
          <Pagination
            className="sp-enquiries__pager"
            current={page}
            pageSize={ENQUIRIES_PAGE_SIZE}
            total={total}
            onChange={(next) => setQuery({ page: next })}
            showSizeChanger={false}
            size={isPhone ? 'large' : 'small'}
            simple={isPhone}
            showTotal={isPhone ? undefined : (count) => t('workspace.enquiries.total', { count })}
          />
        )}
      </>
    );
  }

  return (
    <section className="sp-box" aria-labelledby="enquiries-title">
      <h2 className="sp-box__title" id="enquiries-title">
        {t('workspace.enquiries.title')}
        <Checkbox
          className="sp-enquiries__filter"
          checked={unanswered}
          onChange={(event) => setQuery({ unanswered: event.target.checked })}
        >
          {t('workspace.enquiries.unansweredOnly')}
        </Checkbox>
      </h2>
      <div className="sp-box__body sp-enquiries" aria-busy={enquiries.isFetching}>
        <p className="sp-muted sp-enquiries__intro">{t('workspace.enquiries.intro')}</p>
        {body}
      </div>
    </section>
  );
}

interface RowProps {
  t: TFunction;
  busyId: number | null | undefined;
  onAnswer: (id: number) => void;
}

type Line = ReceivedEnquiry | { id: string };
const isLine = (row: Line): row is ReceivedEnquiry => typeof row.id === 'number';

/** The item asked about, with its kind; a removed item says so. */
function ItemText({ t, row }: { t: TFunction; row: ReceivedEnquiry }) {
  return (
    <span className="sp-enquiries__item">
      <Tag>{t(`workspace.enquiries.kinds.${row.kind}`)}</Tag>
      {row.item}
      {row.itemId === null && <span className="sp-muted">{t('workspace.enquiries.removed')}</span>}
    </span>
  );
}

function PhoneLink({ t, phone }: { t: TFunction; phone: string }) {
  return (
    <a
      className="sp-enquiries__phone"
      href={`tel:${phone}`}
      aria-label={t('workspace.enquiries.call', { phone })}
    >
      <PhoneOutlined /> {phone}
    </a>
  );
}

function Status({ t, row, busyId, onAnswer }: RowProps & { row: ReceivedEnquiry }) {
  if (row.answeredAt) return <Tag color="green">{t('workspace.enquiries.answered')}</Tag>;
  return (
    <span className="sp-enquiries__status">
      <Tag color="orange">{t('workspace.enquiries.unanswered')}</Tag>
      <Button size="small" loading={busyId === row.id} onClick={() => onAnswer(row.id)}>
        {t('workspace.enquiries.markAnswered')}
      </Button>
    </span>
  );
}

/** The desktop table; `rows` null draws placeholder lines of the same height. */
function EnquiryTable({ t, rows, busyId, onAnswer }: RowProps & { rows: ReceivedEnquiry[] | null }) {
  const placeholder = <span className="sp-enquiries__skel" />;
  const cell = (render: (row: ReceivedEnquiry) => ReactNode) => (_: unknown, row: Line) =>
    isLine(row) ? render(row) : placeholder;
  const columns: ColumnsType<Line> = [
    {
      key: 'time',
      title: t('workspace.enquiries.colTime'),
      width: 100,
      render: cell((row) => (
        <span className="sp-enquiries__time">
          {dayjs(row.createdAt).format('YYYY-MM-DD')}
          <br />
          {dayjs(row.createdAt).format('HH:mm')}
        </span>
      )),
    },
    {
      key: 'buyer',
      title: `${t('workspace.enquiries.colBuyer')} / ${t('workspace.enquiries.colCompany')}`,
      width: 150,
      render: cell((row) => (
        <>
          <strong>{row.buyerName}</strong>
          {row.buyerCompany && <div className="sp-muted sp-enquiries__company">{row.buyerCompany}</div>}
        </>
      )),
    },
    {
      key: 'phone',
      title: t('workspace.enquiries.colPhone'),
      width: 130,
      render: cell((row) => <PhoneLink t={t} phone={row.buyerPhone} />),
    },
    {
      key: 'item',
      title: `${t('workspace.enquiries.colItem')} / ${t('workspace.enquiries.colMessage')}`,
      render: cell((row) => (
        <>
          <ItemText t={t} row={row} />
          {row.message && <div className="sp-enquiries__message">{row.message}</div>}
        </>
      )),
    },
    {
      key: 'status',
      title: t('workspace.enquiries.colStatus'),
      width: 150,
      render: cell((row) => <Status t={t} row={row} busyId={busyId} onAnswer={onAnswer} />),
    },
  ];
  const placeholders: Line[] = Array.from({ length: SKELETON_LINES }, (_, i) => ({ id: `skeleton-${i}` }));
  return (
    <Table<Line>
      className="sp-enquiries__table"
      data-testid="enquiry-table"
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows ?? placeholders}
      columns={columns}
      rowClassName={(row) => (isLine(row) ? 'sp-enquiries__row' : '')}
    />
  );
}

/** The phone's cards: buyer and status on top, the item, the message, then time and phone. */
function EnquiryCards({ t, rows, busyId, onAnswer }: RowProps & { rows: ReceivedEnquiry[] }) {
  return (
    <ol className="sp-enquiries__cards">
      {rows.map((row) => (
        <li key={row.id} className="sp-enquiries__card" data-testid="enquiry-card">
          <div className="sp-enquiries__line">
            <strong>
              {row.buyerName}
              {row.buyerCompany && <span className="sp-muted"> · {row.buyerCompany}</span>}
            </strong>
            <span className="sp-muted">{dayjs(row.createdAt).format('MM-DD HH:mm')}</span>
          </div>
          <ItemText t={t} row={row} />
          {row.message && <p className="sp-enquiries__message">{row.message}</p>}
          <div className="sp-enquiries__line">
            <PhoneLink t={t} phone={row.buyerPhone} />
            <Status t={t} row={row} busyId={busyId} onAnswer={onAnswer} />
          </div>
        </li>
      ))}
    </ol>
  );
}

function CardsSkeleton() {
  return (
    <ol className="sp-enquiries__cards" aria-hidden>
      {Array.from({ length: SKELETON_LINES }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <li key={i} className="sp-enquiries__card sp-enquiries__card--skel">
          <span className="sp-enquiries__skel sp-enquiries__skel--wide" />
          <span className="sp-enquiries__skel" />
          <span className="sp-enquiries__skel" />
        </li>
      ))}
    </ol>
  );
}
