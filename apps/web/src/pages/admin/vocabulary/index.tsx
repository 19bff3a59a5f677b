import '../../../components/admin/adminContent.css';
import '../../../i18n/adminVocabulary.ts';
import './vocabulary.css';
import '../../../i18n/signedInPages.ts';
import {
  type AdminVocabulary,
  type AdminVocabularyMaterial,
  ADMIN_VOCABULARY_LIMITS as L,
  VOCABULARY_REACH_SECONDS,
} from '@steelport/contracts';
import { Alert, Button, Input, Skeleton, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddGrade, useAdminVocabulary } from '../../../api/adminVocabulary.ts';
import { useListState } from '../../../components/admin/useListState.ts';
import { Tabs } from '../../../components/Tabs.tsx';
import { useFeedback } from '../../../lib/feedback.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { AliasEditor, type TermRow } from './AliasEditor.tsx';

const KINDS = ['products', 'families', 'mills', 'materials'] as const;
type Kind = (typeof KINDS)[number];
const PAGE_SIZE = 20;
const v = 'adminVocabulary';

/** How the filter compares: as search folds a word (full width to half width, upper case). */
const fold = (text: string) => text.normalize('NFKC').trim().toUpperCase();

/** The families, products and mills as rows of one shape (name, the second column, aliases). */
function termRows(
  data: AdminVocabulary,
  kind: Exclude<Kind, 'materials'>,
  none: Record<'family' | 'products' | 'fullName' | 'separator', string>,
) {
  if (kind === 'products')
    return data.products.map(
      (p): TermRow => ({
        kind,
        id: p.id,
        name: p.name,
        aliases: p.aliases,
        detail: p.family?.name ?? none.family,
      }),
    );
  if (kind === 'families')
    return data.families.map(
      (f): TermRow => ({
        kind,
        id: f.id,
        name: f.name,
        aliases: f.aliases,
        detail: f.products.map((p) => p.name).join(none.separator) || none.products,
      }),
    );
  return data.mills.map(
    (m): TermRow => ({
      kind,
      id: m.id,
      name: m.name,
      aliases: m.aliases,
      detail: m.fullName || none.fullName,
    }),
  );
}

/**
 * /admin/vocabulary, the search vocabulary (issue 29 item 2): the words search understands, one
 * tab per kind (products, families, mills, grades) with a filter kept in the URL. Aliases are
 * tags with a remove button (asks first) and a field that adds one; grades are added above their
 * list. The server refuses a word that already names another term and says which; the screen
 * shows that under the field. Tables on a desktop, cards on a phone.
 */
export function AdminVocabularyPage() {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const vocabulary = useAdminVocabulary();
  const list = useListState(['kind']);
  const kind: Kind = (KINDS as readonly string[]).includes(list.filters.kind ?? '')
    ? (list.filters.kind as Kind)
    : 'products';
  const filter = fold(list.keyword);
  const data = vocabulary.data;
  const none = useMemo(
    () => ({
      family: t(`${v}.noFamily`),
      products: t(`${v}.noProducts`),
      fullName: t(`${v}.noFullName`),
      separator: t(`${v}.separator`),
    }),
    [t],
  );

  const terms = useMemo(() => {
    if (!data || kind === 'materials') return [];
    const rows = termRows(data, kind, none);
    return filter
      ? rows.filter((r) => [r.name, r.detail, ...r.aliases].some((word) => fold(word).includes(filter)))
      : rows;
  }, [data, kind, filter, none]);
  const grades = useMemo(
    () => (data?.materials ?? []).filter((m) => !filter || fold(m.name).includes(filter)),
    [data, filter],
  );

  const count = (k: Kind) => (data ? (k === 'materials' ? data.materials : data[k]).length : '–');
  const empty = filter ? t(`${v}.noMatch`, { filter: list.keyword.trim() }) : t(`${v}.empty`);
  const title = t('pages.adminVocabulary.title');

  const body = () => {
    if (vocabulary.error && !data)
      return (
        <Alert
          type="error"
          showIcon
          title={t(`${v}.loadFailed`)}
          description={vocabulary.error.message}
          action={<Button onClick={() => void vocabulary.refetch()}>{t(`${v}.retry`)}</Button>}
        />
      );
    if (!data)
      return (
        <div className="sp-vocab__skeleton" data-testid="vocabulary-loading">
          <Skeleton active title={false} paragraph={{ rows: 10 }} />
        </div>
      );
    if (kind === 'materials')
      return <GradeList grades={grades} phone={phone} empty={empty} page={list.page} onPage={list.setPage} />;
    return (
      <TermList kind={kind} rows={terms} phone={phone} empty={empty} page={list.page} onPage={list.setPage} />
    );
  };

  return (
    <section className="sp-admin-content sp-vocab" aria-label={title}>
      <p className="sp-admin-content__intro">
        {t(`${v}.intro`, { seconds: data?.reachSeconds ?? VOCABULARY_REACH_SECONDS })}
      </p>
      <Tabs
        className="sp-vocab__tabs"
        aria-label={t(`${v}.tabsLabel`)}
        activeKey={kind}
        onChange={(next) => list.setFilter('kind', next === 'products' ? undefined : next)}
        items={KINDS.map((k) => ({ key: k, label: t(`${v}.tabs.${k}`, { count: count(k) }) }))}
      />
      <div className="sp-vocab__bar">
        <Input.Search
          className="sp-vocab__filter"
          allowClear
          defaultValue={list.keyword}
          key={`${kind}:${list.keyword}`}
          placeholder={t(`${v}.filterPlaceholder`)}
          aria-label={t(`${v}.filter`)}
          enterButton={t(`${v}.filter`)}
          onSearch={(value) => list.setKeyword(value.trim())}
        />
        {kind === 'materials' ? <GradeForm /> : null}
      </div>
      <div className="sp-vocab__body">{body()}</div>
    </section>
  );
}

/** Products, families or mills: a table on a desktop, cards on a phone. */
function TermList({
  kind,
  rows,
  phone,
  empty,
  page,
  onPage,
}: {
  kind: Exclude<Kind, 'materials'>;
  rows: TermRow[];
  phone: boolean;
  empty: string;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const detailTitle = t(
    `${v}.cols.${kind === 'products' ? 'family' : kind === 'families' ? 'products' : 'fullName'}`,
  );
  if (phone)
    return rows.length === 0 ? (
      <p className="sp-vocab__empty">{empty}</p>
    ) : (
      <ul className="sp-vocab__cards" aria-label={t(`${v}.tabs.${kind}`, { count: rows.length })}>
        {rows.map((row) => (
          <li key={row.id} className="sp-vocab__card" data-testid="vocabulary-term">
            <h2 className="sp-vocab__name">{row.name}</h2>
            <p className="sp-vocab__detail">
              <span className="sp-vocab__label">{detailTitle}</span> {row.detail}
            </p>
            <AliasEditor row={row} />
          </li>
        ))}
      </ul>
    );
  const columns: ColumnsType<TermRow> = [
    { key: 'name', title: t(`${v}.cols.name`), dataIndex: 'name', width: 140 },
    { key: 'detail', title: detailTitle, dataIndex: 'detail', width: kind === 'families' ? 240 : 200 },
    { key: 'aliases', title: t(`${v}.cols.aliases`), render: (_, row) => <AliasEditor row={row} /> },
  ];
  return (
    <Table<TermRow>
      className="sp-admin-table sp-vocab__table"
      aria-label={t(`${v}.tabs.${kind}`, { count: rows.length })}
      size="small"
      rowKey="id"
      onRow={() => ({ 'data-testid': 'vocabulary-term' }) as object}
      columns={columns}
      dataSource={rows}
      scroll={{ x: 760 }}
      locale={{ emptyText: empty }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: rows.length,
        hideOnSinglePage: true,
        showSizeChanger: false,
        showTotal: (n) => t(`${v}.total`, { count: n }),
        onChange: onPage,
      }}
    />
  );
}

/** The grades: a table on a desktop, a grid of names on a phone. */
function GradeList({
  grades,
  phone,
  empty,
  page,
  onPage,
}: {
  grades: AdminVocabularyMaterial[];
  phone: boolean;
  empty: string;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (phone)
    return grades.length === 0 ? (
      <p className="sp-vocab__empty">{empty}</p>
    ) : (
      <ul className="sp-vocab__grades" aria-label={t(`${v}.tabs.materials`, { count: grades.length })}>
        {grades.map((g) => (
          <li key={g.id} className="sp-vocab__grade">
            {g.name}
          </li>
        ))}
      </ul>
    );
  return (
    <Table<AdminVocabularyMaterial>
      className="sp-admin-table sp-vocab__table"
      aria-label={t(`${v}.tabs.materials`, { count: grades.length })}
      size="small"
      rowKey="id"
      columns={[{ key: 'name', title: t(`${v}.cols.grade`), dataIndex: 'name' }]}
      dataSource={grades}
      locale={{ emptyText: empty }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: grades.length,
        hideOnSinglePage: true,
        showSizeChanger: false,
        showTotal: (n) => t(`${v}.total`, { count: n }),
        onChange: onPage,
      }}
    />
  );
}

/** Adding a grade: one field and its button; a refusal shows under the field in the server's words. */
function GradeForm() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const addGrade = useAddGrade();
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) {
      setRefusal(t(`${v}.required`, { field: t(`${v}.gradeInput`) }));
      return;
    }
    try {
      const grade = await addGrade.mutateAsync(draft.trim());
      setDraft('');
      setRefusal(null);
      message.success(t(`${v}.added`, { word: grade.name }));
    } catch (caught) {
      setRefusal((caught as Error).message);
    }
  };

  return (
    <form className="sp-vocab__grade-form" onSubmit={submit} noValidate aria-label={t(`${v}.gradeTitle`)}>
      <div className="sp-vocab__add">
        <Input
          className="sp-vocab__input"
          value={draft}
          maxLength={L.gradeMax}
          placeholder={t(`${v}.gradePlaceholder`)}
          aria-label={t(`${v}.gradeInput`)}
          aria-invalid={refusal !== null}
          aria-describedby="vocab-grade-help"
          status={refusal ? 'error' : ''}
          onChange={(e) => {
            setDraft(e.target.value);
            if (refusal) setRefusal(null);
          }}
        />
        <Button htmlType="submit" type="primary" className="sp-vocab__button" loading={addGrade.isPending}>
          {t(`${v}.addGrade`)}
        </Button>
      </div>
      <p
        id="vocab-grade-help"
        className={refusal ? 'sp-vocab__error' : 'sp-vocab__hint'}
        role={refusal ? 'alert' : undefined}
      >
        {refusal ?? t(`${v}.gradeHint`, { max: L.gradeMax })}
      </p>
    </form>
  );
}
