import '../../../i18n/adminServices.ts';
import type { AdminInspectionDetail } from '@steelport/contracts';
import { Alert, Descriptions, Drawer, Empty, Image, Skeleton, Tag, Timeline } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAdminInspection } from '../../../api/adminServices.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { formatCount } from '../../../lib/numbers.ts';
import { InspectionActions } from './InspectionActions.tsx';
import { STATUS_COLORS } from './inspectionStatus.ts';

/**
 * 验货申请 drawer: the request, the member's attachments, the trace (each step's time, inspector,
 * findings and photos) and a form for each action its state allows (受理, 指派验货员, 添加跟踪步骤
 * with photos, 完成验货, 取消申请). Each action is one audited write on the server.
 */
export function InspectionDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const detail = useAdminInspection(id);
  const data = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={id !== null ? t('adminServices.inspections.drawerTitle', { id }) : ''}
      size={phone ? '100%' : 720}
      destroyOnHidden
    >
      {detail.isError ? (
        <Alert type="error" showIcon title={detail.error.message} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div className="sp-admin-inspection" data-testid="admin-inspection">
          <RequestInfo data={data} />
          <h3 className="sp-admin-inspection__heading">{t('adminServices.inspections.trace')}</h3>
          <Trace data={data} />
          <InspectionActions data={data} />
        </div>
      )}
    </Drawer>
  );
}

function RequestInfo({ data }: { data: AdminInspectionDetail }) {
  const { t } = useTranslation();
  const none = t('adminServices.none');
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      title={t('adminServices.inspections.info')}
      items={[
        {
          key: 'status',
          label: t('adminServices.inspections.colStatus'),
          children: (
            <Tag color={STATUS_COLORS[data.status]} data-testid="admin-inspection-status">
              {t(`adminServices.inspections.status.${data.status}`)}
            </Tag>
          ),
        },
        {
          key: 'member',
          label: t('adminServices.inspections.member'),
          children: `${data.memberName || none} ${data.memberPhone}${data.companyName ? ` · ${data.companyName}` : ''}`,
        },
        {
          key: 'warehouse',
          label: t('adminServices.inspections.colWarehouse'),
          children: `${data.city} · ${data.warehouseName}`,
        },
        {
          key: 'coils',
          label: t('adminServices.inspections.colCoils'),
          children: data.coilNumbers.join('、') || none,
        },
        { key: 'date', label: t('adminServices.inspections.colDate'), children: data.requestedDate },
        {
          key: 'contact',
          label: t('adminServices.inspections.contact'),
          children: `${data.contactName} ${data.contactPhone}`,
        },
        {
          key: 'beans',
          label: t('adminServices.inspections.beans'),
          children: t('adminServices.inspections.beansValue', { n: formatCount(data.beansSpent) }),
        },
        {
          key: 'inspector',
          label: t('adminServices.inspections.inspector'),
          children: data.inspectorName ? `${data.inspectorName} ${data.inspectorPhone}` : none,
        },
        { key: 'remark', label: t('adminServices.inspections.remark'), children: data.remark || none },
        ...(data.conclusion
          ? [
              {
                key: 'conclusion',
                label: t('adminServices.inspections.conclusion'),
                children: data.conclusion,
              },
            ]
          : []),
        ...(data.attachments.length > 0
          ? [
              {
                key: 'files',
                label: t('adminServices.inspections.attachments'),
                children: (
                  <ul className="sp-admin-inspection__files">
                    {data.attachments.map((f) => (
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
  );
}

function Trace({ data }: { data: AdminInspectionDetail }) {
  const { t } = useTranslation();
  if (data.trace.length === 0) return <Empty description={t('adminServices.inspections.traceEmpty')} />;
  return (
    <Timeline
      items={data.trace.map((s) => ({
        key: s.step,
        content: (
          <div className="sp-admin-inspection__step" data-testid="admin-trace-step">
            <div className="sp-admin-inspection__stephead">
              <strong>{s.title}</strong>
              <span className="sp-admin-table__muted">{dayjs(s.at).format('YYYY-MM-DD HH:mm')}</span>
            </div>
            {s.inspector && (
              <p className="sp-admin-table__muted">
                {t('adminServices.inspections.stepInspector', { name: s.inspector })}
              </p>
            )}
            {s.findings && <p className="sp-admin-inspection__findings">{s.findings}</p>}
            {s.photos.length > 0 && (
              <Image.PreviewGroup>
                <div className="sp-admin-inspection__photos">
                  {s.photos.map((p, n) => (
                    <Image
                      key={p.id}
                      src={p.url}
                      width={96}
                      height={72}
                      alt={t('adminServices.inspections.photoAlt', { title: s.title, n: n + 1 })}
                    />
                  ))}
                </div>
              </Image.PreviewGroup>
            )}
          </div>
        ),
      }))}
    />
  );
}
