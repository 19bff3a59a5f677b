import './cloud.css';
import '../../i18n/services.ts';
import { SearchOutlined } from '@ant-design/icons';
import {
  type CloudCoil,
  type CloudIndex,
  type CloudMine,
  type CloudMovement,
  type CloudWarehouse,
  COIL_NO_REGEXP,
} from '@steelport/contracts';
import {
  Alert,
  Button,
  Input,
  Modal,
  Pagination,
  Progress,
  Select,
  Skeleton,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CLOUD_PAGE_SIZE, type CloudQuery, useCloudIndex } from '../../api/cloud.ts';
import { useSiteConfig } from '../../api/common.ts';
import { useSession } from '../../auth/session.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ServiceClosed, useServiceShown } from '../../components/services/ServiceClosed.tsx';
import { TradeName } from '../../i18n/tradeNames.tsx';
import { loginSiteHref } from '../../layout/links.ts';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { formatCount, formatLotWeight, formatPercent, formatTonnesText, UNIT } from '../../lib/numbers.ts';

const STATUSES = ['in_stock', 'out', 'all'] as const;
const day = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '—');
const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The screen's query from the URL (a reload or a shared link restores it). */
function readQuery(params: URLSearchParams): CloudQuery {
  const status = params.get('status');
  const coilNo = params.get('coilNo') ?? undefined;
  return {
    status: (STATUSES as readonly string[]).includes(status ?? '')
      ? (status as CloudQuery['status'])
      : 'in_stock',
    ...(coilNo && COIL_NO_REGEXP.test(coilNo) && { coilNo }),
    ...(positive(params.get('warehouseId')) && { warehouseId: positive(params.get('warehouseId')) }),
    page: positive(params.get('page')) ?? 1,
    historyPage: positive(params.get('historyPage')) ?? 1,
  };
}

/**
 * /beginClound, 仓库自助: a member's coils in the partner warehouses (filter by status and
 * warehouse, look up a coil number in a prompt box), stock totals per warehouse and the in/out
 * history; everyone sees the partner warehouses with capacity and saturation, and a visitor how
 * to join.
 */
export function BeginCloundPage() {
  const { t } = useTranslation();
  const shown = useServiceShown('cloudWarehouse');
  return (
    <div className="sp-container sp-page sp-cloud">
      <PageTitle>{t('pages.beginClound.title')}</PageTitle>
      {shown ? <CloudScreen /> : <ServiceClosed service="cloudWarehouse" />}
    </div>
  );
}

function CloudScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const index = useCloudIndex(query);
  const loggedIn = Boolean(session.token);

  /** Sets URL parameters; any filter change goes back to the first pages. */
  const update = (changes: Record<string, string | number | undefined>, keepPages = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (!keepPages) {
      next.delete('page');
      next.delete('historyPage');
    }
    setParams(next);
  };

  return (
    <>
      <p className="sp-cloud__intro sp-muted">{t('cloud.intro')}</p>
      {index.isError && (
        <Alert type="error" showIcon title={t('cloud.error', { message: index.error.message })} />
      )}
      {loggedIn ? <Mine data={index.data} query={query} update={update} /> : <JoinBox />}
      <Warehouses list={index.data?.warehouses} />
    </>
  );
}

type Update = (changes: Record<string, string | number | undefined>, keepPages?: boolean) => void;

/** The member's part: summary and filters, totals per warehouse, coils, history. */
function Mine({ data, query, update }: { data: CloudIndex | undefined; query: CloudQuery; update: Update }) {
  const { t } = useTranslation();
  const [prompting, setPrompting] = useState(false);
  const mine = data?.mine ?? undefined;
  const warehouses = mine?.totals ?? [];
  return (
    <>
      <section className="sp-box sp-cloud__section" aria-labelledby="cloud-totals">
        <h2 className="sp-box__title" id="cloud-totals">
          <span>{t('cloud.totalsTitle')}</span>
        </h2>
        <div className="sp-box__body">
          <p className="sp-cloud__summary" data-testid="cloud-summary">
            {mine
              ? mine.summary.coils > 0
                ? t('cloud.summary', {
                    coils: formatCount(mine.summary.coils),
                    tonnes: formatTonnesText(mine.summary.tonnes),
                    warehouses: mine.summary.warehouses,
                  })
                : t('cloud.summaryEmpty')
              : '\u00a0'}
          </p>
          <ul className="sp-cloud__totals" aria-busy={!mine}>
            {mine
              ? mine.totals.map((total) => (
                  <li key={total.warehouseId} className="sp-cloud__total" data-testid="cloud-total">
                    <strong>
                      <TradeName kind="warehouses" name={total.warehouseName} />
                    </strong>
                    <span className="sp-muted">{total.city}</span>
                    <span>
                      {t('cloud.totalLine', {
                        coils: formatCount(total.coils),
                        tonnes: `${formatLotWeight(total.tonnes)} ${UNIT.tonne}`,
                      })}
                    </span>
                  </li>
                ))
              : [0, 1, 2].map((n) => (
                  <li key={n} className="sp-cloud__total">
                    <Skeleton active title={false} paragraph={{ rows: 2 }} />
                  </li>
                ))}
          </ul>
        </div>
      </section>

      <section className="sp-box sp-cloud__section" aria-labelledby="cloud-coils">
        <h2 className="sp-box__title" id="cloud-coils">
          <span>
            {query.coilNo ? t('cloud.lookupResult', { coilNo: query.coilNo }) : t('cloud.coilsTitle')}
          </span>
          {mine && <span className="sp-muted">{t('cloud.total', { count: mine.coils.total })}</span>}
        </h2>
        <div className="sp-cloud__filters">
          <Button icon={<SearchOutlined />} onClick={() => setPrompting(true)} className="sp-cloud__tap">
            {t('cloud.lookup')}
          </Button>
          {query.coilNo && (
            <Button onClick={() => update({ coilNo: undefined })} className="sp-cloud__tap">
              {t('cloud.clearLookup', { coilNo: query.coilNo })}
            </Button>
          )}
          <Select
            aria-label={t('cloud.statusLabel')}
            className="sp-cloud__select"
            value={query.status}
            onChange={(status) => update({ status: status === 'in_stock' ? undefined : status })}
            options={STATUSES.map((s) => ({ value: s, label: t(`cloud.status.${s}`) }))}
          />
          <Select
            aria-label={t('cloud.warehouseLabel')}
            className="sp-cloud__select sp-cloud__select--wide"
            value={query.warehouseId ?? 0}
            onChange={(id) => update({ warehouseId: id || undefined })}
            options={[
              { value: 0, label: t('cloud.allWarehouses') },
              ...(data?.warehouses ?? [])
                .filter((w) => !warehouses.length || warehouses.some((x) => x.warehouseId === w.id))
                .map((w) => ({ value: w.id, label: <TradeName kind="warehouses" name={w.name} /> })),
            ]}
          />
        </div>
        <Coils
          page={mine?.coils}
          empty={query.coilNo ? t('cloud.noCoilsLookup', { coilNo: query.coilNo }) : t('cloud.noCoils')}
        />
        {/* the pager's place is kept while loading, so the boxes below stay where they are */}
        <div className="sp-cloud__pagerslot">
          {mine && mine.coils.total > CLOUD_PAGE_SIZE && (
            <Pagination
              className="sp-cloud__pager"
              current={query.page}
              pageSize={CLOUD_PAGE_SIZE}
              total={mine.coils.total}
              showSizeChanger={false}
              onChange={(page) => update({ page }, true)}
            />
          )}
        </div>
      </section>

      <section className="sp-box sp-cloud__section" aria-labelledby="cloud-history">
        <h2 className="sp-box__title" id="cloud-history">
          <span>{t('cloud.historyTitle')}</span>
          {mine && <span className="sp-muted">{t('cloud.total', { count: mine.history.total })}</span>}
        </h2>
        <History list={mine?.history.list} />
        {mine && mine.history.total > mine.history.pageSize && (
          <Pagination
            className="sp-cloud__pager"
            current={query.historyPage}
            pageSize={mine.history.pageSize}
            total={mine.history.total}
            showSizeChanger={false}
            onChange={(historyPage) => update({ historyPage }, true)}
          />
        )}
      </section>

      <CoilPrompt
        open={prompting}
        onClose={() => setPrompting(false)}
        onFind={(coilNo) => {
          setPrompting(false);
          update({ coilNo, status: 'all' });
        }}
      />
    </>
  );
}

/**
 * The coil-number prompt box (PORTAL §5): the pattern is checked before anything is asked, and a
 * failure shows 输入的数据不合法! under the field, keeping the box open.
 */
function CoilPrompt({
  open,
  onClose,
  onFind,
}: {
  open: boolean;
  onClose: () => void;
  onFind: (coilNo: string) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = () => {
    const coilNo = value.trim();
    if (!COIL_NO_REGEXP.test(coilNo)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setValue('');
    onFind(coilNo);
  };
  return (
    <Modal
      open={open}
      title={t('cloud.lookupTitle')}
      onCancel={() => {
        setInvalid(false);
        onClose();
      }}
      onOk={submit}
      okText={t('cloud.ok')}
      cancelText={t('cloud.cancel')}
      width={400}
      destroyOnHidden
    >
      <label className="sp-cloud__promptlabel" htmlFor="cloud-coil-no">
        {t('cloud.lookupLabel')}
      </label>
      <Input
        id="cloud-coil-no"
        autoFocus
        value={value}
        maxLength={40}
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid}
        aria-describedby="cloud-coil-hint"
        placeholder={t('cloud.lookupHint')}
        onChange={(e) => {
          setValue(e.target.value);
          if (invalid) setInvalid(false);
        }}
        onPressEnter={submit}
      />
      <p
        id="cloud-coil-hint"
        className={invalid ? 'sp-cloud__invalid' : 'sp-muted sp-cloud__hint'}
        role={invalid ? 'alert' : undefined}
      >
        {invalid ? t('cloud.invalid') : t('cloud.lookupHint')}
      </p>
    </Modal>
  );
}

/** Rows shown while the first page loads (ids below 1 never come from the server). */
const PLACEHOLDER_COILS: CloudCoil[] = Array.from({ length: CLOUD_PAGE_SIZE }, (_, i) => ({
  id: -i,
  coilNo: '',
  warehouseId: 0,
  warehouseName: '',
  product: '',
  material: '',
  spec: '',
  origin: '',
  weightTonnes: 0,
  inAt: '',
  outAt: null,
  status: 'in_stock',
  remark: '',
}));

/** Columns that draw nothing on a placeholder row (a line of text height: the rows keep their size). */
function blankWhileLoading(columns: TableColumnsType<CloudCoil>): TableColumnsType<CloudCoil> {
  return columns.map((column) => ({
    ...column,
    render: (value: unknown, coil: CloudCoil, index: number) =>
      coil.id > 0 ? (column.render ? column.render(value, coil, index) : (value as ReactNode)) : '\u00a0',
  }));
}

/** The coils: a table on a desktop, cards on a phone. */
function Coils({ page, empty }: { page: CloudMine['coils'] | undefined; empty: string }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const statusTag = (coil: CloudCoil) => (
    <Tag color={coil.status === 'in_stock' ? 'blue' : undefined}>{t(`cloud.status.${coil.status}`)}</Tag>
  );
  if (isPhone)
    return (
      <ul className="sp-cloud__cards" data-testid="cloud-coils" aria-busy={!page}>
        {page && page.list.length === 0 && <li className="sp-muted sp-cloud__empty">{empty}</li>}
        {(page?.list ?? []).map((coil) => (
          <li key={coil.id} className="sp-cloud__card" data-testid="cloud-coil">
            <div className="sp-cloud__cardhead">
              <strong>{coil.coilNo}</strong>
              {statusTag(coil)}
            </div>
            <p>
              <TradeName kind="products" name={coil.product} /> · {coil.material} · {coil.spec}
            </p>
            <p>
              {formatLotWeight(coil.weightTonnes)} {UNIT.tonne} ·{' '}
              <TradeName kind="mills" name={coil.origin} />
            </p>
            <p className="sp-muted">
              <TradeName kind="warehouses" name={coil.warehouseName} /> · {t('cloud.col.inAt')}{' '}
              {day(coil.inAt)}
              {coil.outAt ? ` · ${t('cloud.col.outAt')} ${day(coil.outAt)}` : ''}
            </p>
          </li>
        ))}
        {!page &&
          [0, 1, 2].map((n) => (
            <li key={n} className="sp-cloud__card">
              <Skeleton active title={false} paragraph={{ rows: 3 }} />
            </li>
          ))}
      </ul>
    );
  return (
    <div className="sp-cloud__table" data-testid="cloud-coils">
      <Table<CloudCoil>
        size="small"
        rowKey="id"
        pagination={false}
        // while loading, a page of blank rows of the real rows' height holds the place
        dataSource={page?.list ?? PLACEHOLDER_COILS}
        locale={{ emptyText: page ? empty : '\u00a0' }}
        onRow={(coil) =>
          (coil.id > 0
            ? { 'data-testid': 'cloud-coil' }
            : { 'aria-hidden': true }) as React.HTMLAttributes<HTMLElement>
        }
        columns={blankWhileLoading([
          { key: 'coilNo', title: t('cloud.col.coilNo'), dataIndex: 'coilNo' },
          {
            key: 'product',
            title: t('cloud.col.product'),
            render: (_, coil) => <TradeName kind="products" name={coil.product} />,
          },
          { key: 'material', title: t('cloud.col.material'), dataIndex: 'material' },
          { key: 'spec', title: t('cloud.col.spec'), dataIndex: 'spec' },
          {
            key: 'origin',
            title: t('cloud.col.origin'),
            render: (_, coil) => <TradeName kind="mills" name={coil.origin} />,
          },
          {
            key: 'weight',
            title: t('cloud.col.weight'),
            align: 'right',
            render: (_, coil) => formatLotWeight(coil.weightTonnes),
          },
          {
            key: 'warehouse',
            title: t('cloud.col.warehouse'),
            render: (_, coil) => <TradeName kind="warehouses" name={coil.warehouseName} />,
          },
          { key: 'inAt', title: t('cloud.col.inAt'), render: (_, coil) => day(coil.inAt) },
          { key: 'status', title: t('cloud.col.status'), render: (_, coil) => statusTag(coil) },
        ])}
      />
    </div>
  );
}

/** The in/out history, newest first: one line per movement (fits a phone as it is). */
function History({ list }: { list: CloudMovement[] | undefined }) {
  const { t } = useTranslation();
  return (
    <ul className="sp-cloud__history" data-testid="cloud-history" aria-busy={!list}>
      {list && list.length === 0 && <li className="sp-muted sp-cloud__empty">{t('cloud.noHistory')}</li>}
      {(list ?? []).map((m) => (
        <li key={`${m.kind}-${m.coilId}`} className="sp-cloud__move" data-testid="cloud-move">
          <Tag color={m.kind === 'in' ? 'green' : 'orange'}>{t(`cloud.kind.${m.kind}`)}</Tag>
          <span className="sp-cloud__movetime">{dayjs(m.at).format('YYYY-MM-DD HH:mm')}</span>
          <strong>{m.coilNo}</strong>
          <span>
            <TradeName kind="products" name={m.product} /> {m.spec} · {formatLotWeight(m.weightTonnes)}{' '}
            {UNIT.tonne}
          </span>
          <span className="sp-muted">
            <TradeName kind="warehouses" name={m.warehouseName} />
          </span>
        </li>
      ))}
      {!list &&
        [0, 1, 2, 3].map((n) => (
          <li key={n} className="sp-cloud__move">
            <Skeleton active title={false} paragraph={{ rows: 1 }} />
          </li>
        ))}
    </ul>
  );
}

/** A visitor: how to use the self-service, and the way to log in. */
function JoinBox() {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const steps = t('cloud.joinSteps', { returnObjects: true }) as string[];
  return (
    <section className="sp-box sp-cloud__section" aria-labelledby="cloud-join" data-testid="cloud-join">
      <h2 className="sp-box__title" id="cloud-join">
        {t('cloud.joinTitle')}
      </h2>
      <div className="sp-box__body sp-cloud__join">
        <ol>
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <a
          href={loginSiteHref(site.loginSiteUrl, window.location.href)}
          className="sp-buttonlink sp-cloud__login"
        >
          {t('cloud.login')}
        </a>
      </div>
    </section>
  );
}

/** The partner warehouses with capacity, latest stock and saturation. */
function Warehouses({ list }: { list: CloudWarehouse[] | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="sp-box sp-cloud__section" aria-labelledby="cloud-warehouses">
      <h2 className="sp-box__title" id="cloud-warehouses">
        <span>{t('cloud.warehousesTitle')}</span>
        <span className="sp-muted sp-cloud__titlehint">{t('cloud.warehousesHint')}</span>
      </h2>
      <ul className="sp-cloud__warehouses" data-testid="cloud-warehouses" aria-busy={!list}>
        {(list ?? []).map((w) => (
          <li key={w.id} className="sp-cloud__warehouse" data-testid="cloud-warehouse">
            <div className="sp-cloud__cardhead">
              <strong>
                <TradeName kind="warehouses" name={w.name} />
              </strong>
              <Tag lang="zh">{w.region}</Tag>
            </div>
            <p className="sp-muted" lang="zh">
              {w.address || w.city}
            </p>
            <p>
              {t('cloud.capacity', { tonnes: formatTonnesText(w.capacityTonnes) })} ·{' '}
              {w.stockTonnes === null
                ? t('cloud.noReport')
                : t('cloud.stock', { tonnes: formatTonnesText(w.stockTonnes) })}
            </p>
            <div className="sp-cloud__saturation">
              <span>{t('cloud.saturation')}</span>
              <Progress
                percent={Math.min(100, w.saturation ?? 0)}
                showInfo={false}
                size="small"
                aria-label={t('cloud.saturation')}
                strokeColor={(w.saturation ?? 0) >= 85 ? '#b3261e' : undefined}
              />
              <span className="sp-cloud__pct">
                {w.saturation === null ? '—' : formatPercent(w.saturation / 100)}
              </span>
            </div>
            {w.stockDay && (
              <p className="sp-muted sp-cloud__small">{t('cloud.reportedOn', { day: w.stockDay })}</p>
            )}
          </li>
        ))}
        {!list &&
          [0, 1, 2, 3].map((n) => (
            <li key={n} className="sp-cloud__warehouse">
              <Skeleton active title={false} paragraph={{ rows: 4 }} />
            </li>
          ))}
      </ul>
    </section>
  );
}
