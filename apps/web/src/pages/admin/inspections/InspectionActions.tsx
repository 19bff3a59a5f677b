import '../../../i18n/adminServices.ts';
import type { AdminInspectionDetail } from '@steelport/contracts';
import { Form } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type InspectionActionBodies,
  type InspectionActionCall,
  useInspectionAction,
} from '../../../api/adminServices.ts';
import { useAdminAct } from '../../../components/admin/useAdminAct.ts';
import type { UploadFileEntry } from '../../../components/upload/uploadRules.ts';
import {
  AcceptForm,
  type ActionFormProps,
  AssignForm,
  CancelForm,
  CompleteForm,
  StepForm,
} from './inspectionActionForms.tsx';

/**
 * The forms of the actions the request's state allows (受理, 指派验货员, 添加跟踪步骤, 完成验货,
 * 取消申请). The forms and the step's photos live here, across the states the request passes.
 */
export function InspectionActions({ data }: { data: AdminInspectionDetail }) {
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
  const shared: ActionFormProps = { run, busy: action.isPending, required };

  return (
    <div className="sp-admin-inspection__actions">
      {allowed.has('accept') && <AcceptForm {...shared} form={acceptForm} />}
      {allowed.has('assign') && <AssignForm {...shared} form={assignForm} data={data} />}
      {allowed.has('step') && (
        <StepForm
          {...shared}
          form={stepForm}
          act={act}
          photos={photos}
          uploadKey={uploadKey}
          onPhotos={onPhotos}
          onSent={() => {
            stepForm.resetFields();
            setPhotos([]);
            setUploadKey((k) => k + 1);
          }}
        />
      )}
      {allowed.has('complete') && <CompleteForm {...shared} form={completeForm} />}
      {allowed.has('cancel') && <CancelForm {...shared} form={cancelForm} />}
    </div>
  );
}
