import './correctionNotes.css';
import '../../../i18n/adminMarket.ts';
import type { IndexCorrectionNote } from '@steelport/contracts';
import { Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCorrectionNotes } from '../../../api/adminMarket.ts';
import { Pager } from '../../../components/Pager.tsx';
import { correctionChangeText } from '../../../components/steelIndex/correction.ts';

const PAGE_SIZE = 10;

/**
 * The methodology's list of corrections (更正记录): every operator correction of a published day,
 * newest first: the day, the index, each corrected field before → after, and the reason. The
 * benchmark discloses its corrections; who made them stays in the console's audit log.
 */
export function CorrectionNotes({ number }: { number: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const notes = useCorrectionNotes({ page, pageSize: PAGE_SIZE });
  const list = notes.data?.list ?? [];
  return (
    <section className="sp-method-corrections" aria-label={t('adminMarket.notes.title')}>
      <h3>
        {number}. {t('adminMarket.notes.title')}
      </h3>
      <p>{t('adminMarket.notes.intro')}</p>
      {notes.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : list.length === 0 ? (
        <p className="sp-muted">{t('adminMarket.notes.empty')}</p>
      ) : (
        <table className="sp-method-corrections__table">
          <thead>
            <tr>
              <th scope="col">{t('adminMarket.notes.colDay')}</th>
              <th scope="col">{t('adminMarket.notes.colIndex')}</th>
              <th scope="col">{t('adminMarket.notes.colChanges')}</th>
              <th scope="col">{t('adminMarket.notes.colReason')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((note: IndexCorrectionNote) => (
              <tr key={note.id}>
                <td>{note.day}</td>
                <td>{note.indexName}</td>
                <td>
                  {note.changes.map((c) => (
                    <div key={c.field}>{correctionChangeText(t, c)}</div>
                  ))}
                </td>
                <td>{note.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(notes.data?.total ?? 0) > PAGE_SIZE && (
        <Pager
          size="small"
          current={page}
          pageSize={PAGE_SIZE}
          total={notes.data?.total ?? 0}
          onChange={setPage}
        />
      )}
    </section>
  );
}
