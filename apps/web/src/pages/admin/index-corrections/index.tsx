import '../../../components/admin/adminContent.css';
import '../../../components/admin/adminMarket.css';
import '../../../i18n/adminContent.ts';
import '../../../i18n/adminMarket.ts';
import {
  type AdminIndexCorrection,
  type IndexCorrectionBody,
  type IndexCorrectionResult,
  type IndexDayView,
  ADMIN_MARKET_LIMITS as L,
} from '@steelport/contracts';
import {
  Alert,
  Button,
  Card,
  Collapse,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Table,
  Tag,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminCorrections, useCorrectIndex, useIndexDayView } from '../../../api/adminMarket.ts';
import { useIndexInfo } from '../../../api/steelIndex.ts';
import { AdminTable } from '../../../components/admin/AdminTable.tsx';
import { formatTime } from '../../../components/admin/adminForm.ts';
import { correctionChangeText } from '../../../components/steelIndex/correction.ts';
import { sourceLabel } from '../../../components/steelIndex/Disclosure.tsx';
import { useFeedback } from '../../../lib/feedback.ts';
import { formatPoints, formatPriceText, formatSigned, formatTonnesText } from '../../../lib/numbers.ts';

const DAY = 'YYYY-MM-DD';
const PAGE_SIZE = 10;
const WEIGHTS = [
  'stockWeight',
  'inWeight',
  'outWeight',
  'dealWeight',
  'packWeight',
  'tradingWeight',
] as const;

interface CorrectionForm {
  price?: number;
  stockWeight?: number;
  inWeight?: number;
  outWeight?: number;
  dealWeight?: number;
  packWeight?: number;
  tradingWeight?: number;
  reason: string;
}

/**
 * /admin/index-corrections, 指数更正: pick an index and a day, read the day as published, enter
 * the corrected price (and, folded, the summed figures) with a mandatory reason; the server
 * recomputes the day and every later day with the index job's computation and answers the day
 * and the next day before and after, shown side by side. Past corrections are listed below; the
 * portal's methodology lists them too.
 */
export function AdminIndexCorrectionsPage() {
  const { t } = useTranslation();
  const info = useIndexInfo();
  const [indexId, setIndexId] = useState<number | undefined>(undefined);
  const [day, setDay] = useState<string | undefined>(undefined);
  const [result, setResult] = useState<IndexCorrectionResult | null>(null);
  const [page, setPage] = useState(1);
  const current = useIndexDayView(indexId, day);
  const past = useAdminCorrections({ page, pageSize: PAGE_SIZE });
  const latest = info.data?.latestDate;

  return (
    <section className="sp-admin-content sp-admin-market" aria-label={t('adminMarket.correct.title')}>
      <Card size="small" title={t('adminMarket.correct.pickTitle')}>
        <div className="sp-admin-market__pick">
          <Select
            className="sp-admin-toolbar__filter"
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('adminMarket.correct.index')}
            placeholder={t('adminMarket.correct.index')}
            value={indexId}
            loading={info.isPending}
            options={(info.data?.definitions ?? []).map((d) => ({ value: d.id, label: d.name }))}
            onChange={(value: number) => {
              setIndexId(value);
              setResult(null);
            }}
          />
          <DatePicker
            aria-label={t('adminMarket.correct.day')}
            placeholder={t('adminMarket.correct.day')}
            value={day ? dayjs(day) : null}
            defaultPickerValue={latest ? dayjs(latest) : undefined}
            disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day')}
            onChange={(value: Dayjs | null) => {
              setDay(value ? value.format(DAY) : undefined);
              setResult(null);
            }}
          />
        </div>
        {!indexId || !day ? (
          <p className="sp-muted">{t('adminMarket.correct.chooseFirst')}</p>
        ) : current.error ? (
          <Alert type="warning" showIcon title={current.error.message} />
        ) : current.data ? (
          <DayFigures title={t('adminMarket.correct.current')} day={current.data} />
        ) : null}
      </Card>
      {current.data && !result && (
        <CorrectionCard
          key={`${current.data.indexId}|${current.data.day}`}
          day={current.data}
          onDone={setResult}
        />
      )}
      {result && <ResultCard result={result} />}
      <Card size="small" title={t('adminMarket.correct.listTitle')}>
        <AdminTable<AdminIndexCorrection>
          label={t('adminMarket.correct.listTitle')}
          columns={pastColumns(t)}
          data={past.data}
          loading={past.isFetching}
          error={past.error}
          onRetry={() => void past.refetch()}
          onPage={setPage}
          scrollX={900}
        />
      </Card>
    </section>
  );
}

function pastColumns(t: TFunction): ColumnsType<AdminIndexCorrection> {
  return [
    { key: 'day', title: t('adminMarket.correct.colDay'), dataIndex: 'day', width: 104 },
    { key: 'index', title: t('adminMarket.correct.colIndex'), dataIndex: 'indexName', width: 120 },
    {
      key: 'changes',
      title: t('adminMarket.correct.colChanges'),
      render: (_, row) => (
        <ul className="sp-admin-market__changes">
          {row.changes.map((c) => (
            <li key={c.field}>{correctionChangeText(t, c)}</li>
          ))}
        </ul>
      ),
    },
    { key: 'reason', title: t('adminMarket.correct.colReason'), dataIndex: 'reason' },
    { key: 'operator', title: t('adminMarket.correct.colOperator'), dataIndex: 'operator', width: 100 },
    {
      key: 'time',
      title: t('adminMarket.correct.colTime'),
      width: 140,
      render: (_, row) => formatTime(row.correctedAt),
    },
  ];
}

/** The published figures of a day. */
function DayFigures({ title, day }: { title: string; day: IndexDayView }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      title={title}
      column={{ xs: 1, sm: 2, md: 4 }}
      items={[
        { key: 'price', label: t('adminMarket.fields.price'), children: formatPriceText(day.price) },
        { key: 'points', label: t('adminMarket.fields.points'), children: formatPoints(day.points) },
        { key: 'change', label: t('adminMarket.fields.change'), children: formatSigned(day.change) },
        {
          key: 'source',
          label: t('adminMarket.correct.source'),
          children: (
            <span>
              {sourceLabel(t, day.source as Parameters<typeof sourceLabel>[1])}{' '}
              {day.provisional && <Tag>{t('adminMarket.correct.provisional')}</Tag>}
              {day.corrected && <Tag color="orange">{t('adminMarket.correct.corrected')}</Tag>}
            </span>
          ),
        },
        ...WEIGHTS.map((w) => ({
          key: w,
          label: t(`adminMarket.fields.${w}`),
          children: formatTonnesText(day[w]),
        })),
      ]}
    />
  );
}

/** The correction form: price, folded figures, the reason; submitted after a confirmation. */
function CorrectionCard({ day, onDone }: { day: IndexDayView; onDone: (r: IndexCorrectionResult) => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const correct = useCorrectIndex();
  const [form] = Form.useForm<CorrectionForm>();

  const submit = async () => {
    const values = await form.validateFields();
    const body: IndexCorrectionBody = { indexId: day.indexId, day: day.day, reason: values.reason.trim() };
    if (typeof values.price === 'number') body.price = values.price;
    for (const w of WEIGHTS) if (typeof values[w] === 'number') body[w] = values[w];
    if (Object.keys(body).length === 3) {
      void message.error(t('adminMarket.correct.needOne'));
      return;
    }
    try {
      const out = await correct.mutateAsync(body);
      void message.success(
        out.recomputed ? t('adminMarket.correct.done', out.recomputed) : t('adminMarket.daily.saved'),
      );
      onDone(out);
    } catch (caught) {
      void message.error((caught as Error).message);
    }
  };

  return (
    <Card size="small" title={t('adminMarket.correct.formTitle')}>
      <p className="sp-muted">{t('adminMarket.correct.valuesHint')}</p>
      <Form<CorrectionForm> form={form} layout="vertical" aria-label={t('adminMarket.correct.formTitle')}>
        <div className="sp-admin-form__grid">
          <Form.Item name="price" label={t('adminMarket.fields.price')}>
            <InputNumber
              className="sp-admin-form__full"
              min={0.01}
              max={L.priceMax}
              precision={2}
              placeholder={String(day.price)}
              aria-label={t('adminMarket.fields.price')}
              suffix={t('adminMarket.units.yuanPerTonne')}
            />
          </Form.Item>
        </div>
        <Collapse
          size="small"
          ghost
          items={[
            {
              key: 'figures',
              label: t('adminMarket.correct.moreFields'),
              forceRender: true,
              children: (
                <div className="sp-admin-form__grid">
                  {WEIGHTS.map((w) => (
                    <Form.Item key={w} name={w} label={t(`adminMarket.fields.${w}`)}>
                      <InputNumber
                        className="sp-admin-form__full"
                        min={0}
                        max={L.tonnesMax}
                        precision={3}
                        placeholder={String(day[w])}
                        aria-label={t(`adminMarket.fields.${w}`)}
                        suffix={t('adminMarket.units.tonne')}
                      />
                    </Form.Item>
                  ))}
                </div>
              ),
            },
          ]}
        />
        <Form.Item
          name="reason"
          label={t('adminMarket.correct.reason')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('adminMarket.required', { field: t('adminMarket.correct.reason') }),
            },
            { min: L.reasonMin, message: t('adminMarket.correct.reasonShort', { min: L.reasonMin }) },
          ]}
        >
          <Input.TextArea
            maxLength={L.reasonMax}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder={t('adminMarket.correct.reasonPlaceholder', { min: L.reasonMin, max: L.reasonMax })}
          />
        </Form.Item>
        <Popconfirm
          title={t('adminMarket.correct.confirm', { index: day.indexName, day: day.day })}
          okText={t('adminMarket.correct.submit')}
          cancelText={t('adminContent.cancel')}
          onConfirm={submit}
        >
          <Button type="primary" loading={correct.isPending}>
            {t('adminMarket.correct.submit')}
          </Button>
        </Popconfirm>
      </Form>
    </Card>
  );
}

/** Before and after, side by side: the day's figures and the next day's change. */
function ResultCard({ result }: { result: IndexCorrectionResult }) {
  const { t } = useTranslation();
  const rows: { key: string; label: string; before: string; after: string }[] = [
    {
      key: 'price',
      label: t('adminMarket.fields.price'),
      before: formatPriceText(result.before.price),
      after: formatPriceText(result.after.price),
    },
    {
      key: 'points',
      label: t('adminMarket.fields.points'),
      before: formatPoints(result.before.points),
      after: formatPoints(result.after.points),
    },
    {
      key: 'change',
      label: t('adminMarket.fields.change'),
      before: formatSigned(result.before.change),
      after: formatSigned(result.after.change),
    },
    ...WEIGHTS.map((w) => ({
      key: w,
      label: t(`adminMarket.fields.${w}`),
      before: formatTonnesText(result.before[w]),
      after: formatTonnesText(result.after[w]),
    })),
  ];
  if (result.nextBefore && result.nextAfter) {
    rows.push({
      key: 'next',
      label: t('adminMarket.correct.nextDay', { day: result.nextAfter.day }),
      before: formatSigned(result.nextBefore.change),
      after: formatSigned(result.nextAfter.change),
    });
  }
  return (
    <section aria-label={t('adminMarket.correct.resultTitle')}>
      <Card
        size="small"
        title={`${t('adminMarket.correct.resultTitle')} · ${result.after.indexName} ${result.after.day}`}
      >
        {result.recomputed && (
          <Alert
            type="success"
            showIcon
            title={t('adminMarket.correct.done', result.recomputed)}
            className="sp-admin-form__note"
          />
        )}
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={rows}
          rowClassName={(r) => (r.before !== r.after ? 'sp-admin-market__changed' : '')}
          columns={[
            { key: 'label', title: '', dataIndex: 'label', width: 160 },
            { key: 'before', title: t('adminMarket.correct.before'), dataIndex: 'before', align: 'right' },
            { key: 'after', title: t('adminMarket.correct.after'), dataIndex: 'after', align: 'right' },
          ]}
        />
      </Card>
    </section>
  );
}
