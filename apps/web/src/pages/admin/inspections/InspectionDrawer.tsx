import {
  type AdminInspectionDetail,
  INSPECTION_PHOTO_TYPES,
  ADMIN_SERVICES_LIMITS as L,
  type UploadedFile,
} from '@steelport/contracts';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Image,
  Input,
  Popconfirm,
  Skeleton,
  Tag,
  Timeline,
} from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type InspectionActionBodies,
  type InspectionActionCall,
  useAdminInspection,
  useInspectionAction,
} from '../../../api/adminServices.ts';
import { useAdminAct } from '../../../components/admin/useAdminAct.ts';
import { Upload } from '../../../components/upload/Upload.tsx';
import type { UploadFileEntry } from '../../../components/upload/uploadRules.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { formatCount, formatFileSize } from '../../../lib/numbers.ts';
import { STATUS_COLORS } from './inspectionStatus.ts';

const PHOTO_ACCEPT = `.jpg,.jpeg,.png,.webp,${INSPECTION_PHOTO_TYPES.join(',')}`;

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
          <Actions data={data} />
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

/** A titled action form section. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="sp-admin-inspection__action" aria-label={title}>
      <h3 className="sp-admin-inspection__heading">{title}</h3>
      {children}
    </section>
  );
}

/** The forms of the actions the request's state allows. */
function Actions({ data }: { data: AdminInspectionDetail }) {
  const { t } = useTranslation();
  const act = useAdminAct();
  const action = useInspectionAction();
  const [acceptForm] = Form.useForm<{ note?: string }>();
  const [assignForm] = Form.useForm<{ name: string; phone: string }>();
  const [stepForm] = Form.useForm<{ title: string; findings?: string }>();
  const [completeForm] = Form.useForm<{ conclusion: string }>();
  const [cancelForm] = Form.useForm<{ reason: string }>();
  const [photos, setPhotos] = useState<UploadFileEntry[]>([]);
  const [uploadKey, setUploadKey] = useState(0);
  const onPhotos = useCallback((list: UploadFileEntry[]) => setPhotos(list), []);

  const run = <A extends keyof InspectionActionBodies>(
    name: A,
    body: InspectionActionBodies[A],
    done: string,
  ) => act(() => action.mutateAsync({ id: data.id, action: name, body } as InspectionActionCall), done);

  const allowed = new Set(data.actions);
  if (allowed.size === 0)
    return <p className="sp-admin-table__muted">{t('adminServices.inspections.noActions')}</p>;
  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('adminServices.required', { field }),
  });
  const busy = action.isPending;

  return (
    <div className="sp-admin-inspection__actions">
      {allowed.has('accept') && (
        <Section title={t('adminServices.inspections.accept.title')}>
          <Form
            form={acceptForm}
            layout="vertical"
            onFinish={(v) =>
              void run(
                'accept',
                v.note?.trim() ? { note: v.note.trim() } : {},
                t('adminServices.inspections.accept.done'),
              )
            }
          >
            <Form.Item name="note" label={t('adminServices.inspections.accept.note')}>
              <Input maxLength={L.noteMax} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('adminServices.inspections.accept.submit')}
            </Button>
          </Form>
        </Section>
      )}
      {allowed.has('assign') && (
        <Section title={t('adminServices.inspections.assign.title')}>
          <Form
            form={assignForm}
            layout="inline"
            className="sp-admin-inspection__inline"
            initialValues={{ name: data.inspectorName, phone: data.inspectorPhone }}
            onFinish={(v) =>
              void run(
                'assign',
                { name: v.name.trim(), phone: v.phone.trim() },
                t('adminServices.inspections.assign.done'),
              )
            }
          >
            <Form.Item
              name="name"
              label={t('adminServices.inspections.assign.name')}
              rules={[required(t('adminServices.inspections.assign.name'))]}
            >
              <Input maxLength={L.inspectorNameMax} />
            </Form.Item>
            <Form.Item
              name="phone"
              label={t('adminServices.inspections.assign.phone')}
              rules={[
                required(t('adminServices.inspections.assign.phone')),
                { pattern: /^[0-9+\- ]{5,20}$/, message: t('adminServices.badPhone') },
              ]}
            >
              <Input maxLength={L.inspectorPhoneMax} inputMode="tel" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('adminServices.inspections.assign.submit')}
            </Button>
          </Form>
        </Section>
      )}
      {allowed.has('step') && (
        <Section title={t('adminServices.inspections.step.title')}>
          <Form
            form={stepForm}
            layout="vertical"
            onFinish={async (v) => {
              if (photos.some((p) => p.status === 'uploading' || p.status === 'ready')) {
                await act(() => Promise.reject(new Error(t('adminServices.inspections.step.uploading'))), '');
                return;
              }
              const photoIds = photos
                .filter((p) => p.status === 'success' && p.response)
                .map((p) => (p.response as UploadedFile).id);
              const ok = await run(
                'steps',
                { title: v.title.trim(), findings: v.findings?.trim() ?? '', photoIds },
                t('adminServices.inspections.step.done'),
              );
              if (ok) {
                stepForm.resetFields();
                setPhotos([]);
                setUploadKey((k) => k + 1);
              }
            }}
          >
            <Form.Item
              name="title"
              label={t('adminServices.inspections.step.name')}
              rules={[required(t('adminServices.inspections.step.name'))]}
            >
              <Input
                maxLength={L.stepTitleMax}
                placeholder={t('adminServices.inspections.step.namePlaceholder')}
              />
            </Form.Item>
            <Form.Item name="findings" label={t('adminServices.inspections.step.findings')}>
              <Input.TextArea maxLength={L.findingsMax} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
            <Form.Item label={t('adminServices.inspections.step.photos')}>
              <Upload
                key={uploadKey}
                label={t('adminServices.inspections.step.photos')}
                accept={PHOTO_ACCEPT}
                limit={L.photosMax}
                maxSize={L.photoMaxBytes}
                tip={t('adminServices.inspections.step.photosTip', {
                  size: formatFileSize(L.photoMaxBytes),
                  max: L.photosMax,
                })}
                onChange={onPhotos}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('adminServices.inspections.step.submit')}
            </Button>
          </Form>
        </Section>
      )}
      {allowed.has('complete') && (
        <Section title={t('adminServices.inspections.complete.title')}>
          <Form
            form={completeForm}
            layout="vertical"
            onFinish={(v) =>
              void run(
                'complete',
                { conclusion: v.conclusion.trim() },
                t('adminServices.inspections.complete.done'),
              )
            }
          >
            <Form.Item
              name="conclusion"
              label={t('adminServices.inspections.complete.conclusion')}
              rules={[
                required(t('adminServices.inspections.complete.conclusion')),
                {
                  min: 2,
                  message: t('adminServices.tooShort', {
                    field: t('adminServices.inspections.conclusion'),
                    min: 2,
                  }),
                },
              ]}
            >
              <Input.TextArea maxLength={L.conclusionMax} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('adminServices.inspections.complete.submit')}
            </Button>
          </Form>
        </Section>
      )}
      {allowed.has('cancel') && (
        <Section title={t('adminServices.inspections.cancel.title')}>
          <Form
            form={cancelForm}
            layout="vertical"
            onFinish={(v) =>
              void run('cancel', { reason: v.reason.trim() }, t('adminServices.inspections.cancel.done'))
            }
          >
            <Form.Item
              name="reason"
              label={t('adminServices.inspections.cancel.reason')}
              rules={[
                required(t('adminServices.inspections.cancel.reason')),
                {
                  min: L.reasonMin,
                  message: t('adminServices.tooShort', {
                    field: t('adminServices.inspections.cancel.reason'),
                    min: L.reasonMin,
                  }),
                },
              ]}
            >
              <Input maxLength={L.reasonMax} />
            </Form.Item>
            <Popconfirm
              title={t('adminServices.inspections.cancel.question')}
              okText={t('adminServices.inspections.cancel.submit')}
              okButtonProps={{ danger: true }}
              onConfirm={() => cancelForm.submit()}
            >
              <Button danger loading={busy}>
                {t('adminServices.inspections.cancel.submit')}
              </Button>
            </Popconfirm>
          </Form>
        </Section>
      )}
    </div>
  );
}
