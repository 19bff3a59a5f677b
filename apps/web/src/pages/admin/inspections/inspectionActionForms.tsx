import '../../../i18n/adminServices.ts';
import {
  type AdminInspectionDetail,
  INSPECTION_PHOTO_TYPES,
  ADMIN_SERVICES_LIMITS as L,
  type UploadedFile,
} from '@steelport/contracts';
import { Button, Form, type FormInstance, Input, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InspectionActionBodies } from '../../../api/adminServices.ts';
import { Upload } from '../../../components/upload/Upload.tsx';
import type { UploadFileEntry } from '../../../components/upload/uploadRules.ts';
import { formatFileSize } from '../../../lib/numbers.ts';

const PHOTO_ACCEPT = `.jpg,.jpeg,.png,.webp,${INSPECTION_PHOTO_TYPES.join(',')}`;

/** What every action form is given: the audited write, whether one is running, the required rule. */
export interface ActionFormProps {
  run: <A extends keyof InspectionActionBodies>(
    name: A,
    body: InspectionActionBodies[A],
    done: string,
  ) => Promise<boolean>;
  busy: boolean;
  required: (field: string) => { required: boolean; whitespace: boolean; message: string };
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

/** 受理: accept the request, with an optional note. */
export function AcceptForm({ run, busy, form }: ActionFormProps & { form: FormInstance<{ note?: string }> }) {
  const { t } = useTranslation();
  return (
    <Section title={t('adminServices.inspections.accept.title')}>
      <Form
        form={form}
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
  );
}

/** 指派验货员: the inspector's name and phone (the current ones to start with). */
export function AssignForm({
  run,
  busy,
  required,
  form,
  data,
}: ActionFormProps & { form: FormInstance<{ name: string; phone: string }>; data: AdminInspectionDetail }) {
  const { t } = useTranslation();
  return (
    <Section title={t('adminServices.inspections.assign.title')}>
      <Form
        form={form}
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
  );
}

/** 添加跟踪步骤: a step's title, findings and photos (sent once every photo has uploaded). */
export function StepForm({
  run,
  busy,
  required,
  form,
  act,
  photos,
  uploadKey,
  onPhotos,
  onSent,
}: ActionFormProps & {
  form: FormInstance<{ title: string; findings?: string }>;
  act: (work: () => Promise<unknown>, done: string) => Promise<boolean>;
  photos: UploadFileEntry[];
  /** a new key starts the upload control empty */
  uploadKey: number;
  onPhotos: (list: UploadFileEntry[]) => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('adminServices.inspections.step.title')}>
      <Form
        form={form}
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
          if (ok) onSent();
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
  );
}

/** 完成验货: the conclusion. */
export function CompleteForm({
  run,
  busy,
  required,
  form,
}: ActionFormProps & { form: FormInstance<{ conclusion: string }> }) {
  const { t } = useTranslation();
  return (
    <Section title={t('adminServices.inspections.complete.title')}>
      <Form
        form={form}
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
  );
}

/** 取消申请: a reason, and a question before the request is cancelled. */
export function CancelForm({
  run,
  busy,
  required,
  form,
}: ActionFormProps & { form: FormInstance<{ reason: string }> }) {
  const { t } = useTranslation();
  return (
    <Section title={t('adminServices.inspections.cancel.title')}>
      <Form
        form={form}
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
          onConfirm={() => form.submit()}
        >
          <Button danger loading={busy}>
            {t('adminServices.inspections.cancel.submit')}
          </Button>
        </Popconfirm>
      </Form>
    </Section>
  );
}
