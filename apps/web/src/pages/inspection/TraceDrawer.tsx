import '../../i18n/services.ts';
import { Alert, Descriptions, Drawer, Empty, Image, Skeleton, Timeline } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useInspectionTrace } from '../../api/inspection.ts';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { StatusTag } from './StatusTag.tsx';

/** 验货跟踪: the request, then each step with its time, inspector, findings and photos. */
export function TraceDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const trace = useInspectionTrace(id);
  const data = trace.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={id !== null ? t('inspection.traceTitle', { id }) : ''}
      size={phone ? '100%' : 560}
      destroyOnHidden
    >
      {trace.isError ? (
        <Alert type="error" showIcon title={trace.error.message} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div className="sp-inspection__trace" data-testid="inspection-trace">
          <Descriptions
            size="small"
            column={1}
            title={t('inspection.requestInfo')}
            items={[
              {
                key: 'w',
                label: t('inspection.col.warehouse'),
                children: `${data.inspection.city} · ${data.inspection.warehouseName}`,
              },
              {
                key: 'k',
                label: t('inspection.col.coils'),
                children: data.inspection.coilNumbers.join('、') || '—',
              },
              { key: 'd', label: t('inspection.col.date'), children: data.inspection.requestedDate },
              { key: 's', label: t('inspection.col.status'), children: <StatusTag item={data.inspection} /> },
              ...(data.inspection.conclusion
                ? [{ key: 'c', label: t('inspection.conclusion'), children: data.inspection.conclusion }]
                : []),
              ...(data.inspection.attachments.length > 0
                ? [
                    {
                      key: 'f',
                      label: t('inspection.attachmentsOf'),
                      children: (
                        <ul className="sp-inspection__files">
                          {data.inspection.attachments.map((f) => (
                            <li key={f.id}>
                              <a href={f.url} target="_blank" rel="noreferrer">
                                {f.name}
                              </a>
                            </li>
                          ))}
                        </ul>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {data.steps.length === 0 ? (
            <Empty description={t('inspection.traceEmpty')} />
          ) : (
            <Timeline
              className="sp-inspection__timeline"
              items={data.steps.map((s) => ({
                key: s.step,
                content: (
                  <div className="sp-inspection__step" data-testid="trace-step">
                    <div className="sp-inspection__stephead">
                      <strong>{s.title}</strong>
                      <span className="sp-muted">{dayjs(s.at).format('YYYY-MM-DD HH:mm')}</span>
                    </div>
                    {s.inspector && (
                      <p className="sp-muted">{t('inspection.inspector', { name: s.inspector })}</p>
                    )}
                    {s.findings && <p>{s.findings}</p>}
                    {s.photos.length > 0 && (
                      <Image.PreviewGroup>
                        <div className="sp-inspection__photos">
                          {s.photos.map((p, n) => (
                            <Image
                              key={p.id}
                              src={p.url}
                              width={120}
                              height={90}
                              alt={t('inspection.photoAlt', { title: s.title, n: n + 1 })}
                            />
                          ))}
                        </div>
                      </Image.PreviewGroup>
                    )}
                  </div>
                ),
              }))}
            />
          )}
        </div>
      )}
    </Drawer>
  );
}
