import { CONTENT_STATUSES, ADMIN_CONTENT_LIMITS as L } from '@steelport/contracts';
import { DatePicker, Form, Input, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import '../../i18n/adminContent.ts';
import { isBlankHtml, windowIsValid } from './adminForm.ts';
import { ImageUploadField } from './ImageUploadField.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';

/** The rule of a required text field (blank counts as empty), with the message naming it. */
export function useRequiredRule() {
  const { t } = useTranslation();
  return (field: string) => ({
    required: true,
    whitespace: true,
    message: t('adminContent.required', { field }),
  });
}

/** The rule of a required choice (a select), with the message naming it. */
export function useRequiredPickRule() {
  const { t } = useTranslation();
  return (field: string) => ({ required: true, message: t('adminContent.requiredPick', { field }) });
}

/** 标题 of an article or market item: required, with its count. */
export function ContentTitleItem({ label }: { label: string }) {
  const required = useRequiredRule();
  return (
    <Form.Item className="sp-admin-form__wide" name="title" label={label} rules={[required(label)]}>
      <Input maxLength={L.titleMax} showCount />
    </Form.Item>
  );
}

/** A date and time to the minute (publish time, an ad's window). */
function MinutePicker(props: { 'aria-label'?: string; placeholder?: string }) {
  return (
    <DatePicker
      className="sp-admin-form__full"
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      {...props}
    />
  );
}

/** 开始时间 and 结束时间 of what shows for a while (ads, the announcement); empty = no limit. */
export function WindowFields({
  startLabel,
  endLabel,
  hint,
}: {
  startLabel: string;
  endLabel: string;
  hint: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="startsAt" label={startLabel} extra={hint}>
        <MinutePicker placeholder={t('adminContent.unlimited')} />
      </Form.Item>
      <Form.Item
        name="endsAt"
        label={endLabel}
        dependencies={['startsAt']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: Dayjs | null | undefined) =>
              windowIsValid([getFieldValue('startsAt') ?? null, value ?? null])
                ? Promise.resolve()
                : Promise.reject(new Error(t('adminContent.badWindow'))),
          }),
        ]}
      >
        <MinutePicker placeholder={t('adminContent.unlimited')} />
      </Form.Item>
    </>
  );
}

/** 状态 of an article or market item: 草稿, 已发布, 已下线. */
export function ContentStatusItem({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="status" label={label}>
      <Radio.Group
        optionType="button"
        options={CONTENT_STATUSES.map((s) => ({ value: s, label: t(`adminContent.status.${s}`) }))}
      />
    </Form.Item>
  );
}

/** 摘要 and 封面图 of an article or market item. */
export function SummaryAndCoverItems({
  summaryLabel,
  coverLabel,
}: {
  summaryLabel: string;
  coverLabel: string;
}) {
  return (
    <>
      <Form.Item className="sp-admin-form__wide" name="summary" label={summaryLabel}>
        <Input.TextArea maxLength={L.summaryMax} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item className="sp-admin-form__wide" name="cover" label={coverLabel}>
        <ImageUploadField label={coverLabel} />
      </Form.Item>
    </>
  );
}

/** 正文: the rich-text editor, required and within the stored size. */
export function HtmlContentItem({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      className="sp-admin-form__wide"
      name="contentHtml"
      label={label}
      rules={[
        {
          validator: (_, value: string | undefined) =>
            isBlankHtml(value)
              ? Promise.reject(new Error(t('adminContent.required', { field: label })))
              : value && value.length > L.htmlMax
                ? Promise.reject(new Error(t('adminContent.tooLong', { field: label, max: L.htmlMax })))
                : Promise.resolve(),
        },
      ]}
    >
      <RichTextEditor label={label} />
    </Form.Item>
  );
}

/** 发布时间: empty publishes now, a time ahead schedules it. */
export function PublishedAtItem({ label, hint }: { label: string; hint: string }) {
  return (
    <Form.Item name="publishedAt" label={label} extra={hint}>
      <MinutePicker aria-label={label} />
    </Form.Item>
  );
}
