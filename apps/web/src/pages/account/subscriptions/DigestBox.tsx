import '../../../i18n/subscription.ts';
import type { DigestSettings } from '@steelport/contracts';
import { Alert, Button, Checkbox, Form, Skeleton, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDigestSettings, useSaveDigestSettings } from '../../../api/subscription.ts';
import { useFeedback } from '../../../lib/feedback.ts';

const TIME_FORMAT = 'HH:mm';

interface DigestForm {
  digest: boolean;
  quietStart: Dayjs | null;
  quietEnd: Dayjs | null;
}

const toForm = (settings: DigestSettings): DigestForm => ({
  digest: settings.digest,
  quietStart: settings.quietStart ? dayjs(settings.quietStart, TIME_FORMAT) : null,
  quietEnd: settings.quietEnd ? dayjs(settings.quietEnd, TIME_FORMAT) : null,
});

/** 每日短信摘要: opt in or out, and the quiet hours (both ends or neither). */
export function DigestBox() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const settings = useDigestSettings();
  const save = useSaveDigestSettings();
  const [form] = Form.useForm<DigestForm>();

  useEffect(() => {
    if (settings.data) form.setFieldsValue(toForm(settings.data));
  }, [settings.data, form]);

  const submit = async (values: DigestForm) => {
    await save.mutateAsync({
      digest: values.digest,
      quietStart: values.quietStart ? values.quietStart.format(TIME_FORMAT) : null,
      quietEnd: values.quietEnd ? values.quietEnd.format(TIME_FORMAT) : null,
    });
    void message.success(t('subscription.digest.saved'));
  };

  const bothOrNone = ({ getFieldValue }: { getFieldValue: (name: keyof DigestForm) => unknown }) => ({
    validator: () =>
      Boolean(getFieldValue('quietStart')) === Boolean(getFieldValue('quietEnd'))
        ? Promise.resolve()
        : Promise.reject(new Error(t('subscription.digest.bothOrNone'))),
  });

  return (
    <section className="sp-box" aria-labelledby="digest-title">
      <h2 className="sp-box__title" id="digest-title">
        {t('subscription.digest.title')}
      </h2>
      <div className="sp-box__body sp-subs__digest">
        <p className="sp-muted">{t('subscription.digest.intro')}</p>
        {settings.isError ? (
          <Alert type="error" showIcon title={settings.error.message} />
        ) : !settings.data ? (
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        ) : (
          <Form
            form={form}
            layout="vertical"
            initialValues={toForm(settings.data)}
            onFinish={(v) => void submit(v)}
          >
            <Form.Item name="digest" valuePropName="checked">
              <Checkbox>{t('subscription.digest.enabled')}</Checkbox>
            </Form.Item>
            <fieldset className="sp-subs__quiet">
              <legend>{t('subscription.digest.quiet')}</legend>
              <Form.Item
                name="quietStart"
                label={t('subscription.digest.quietStart')}
                dependencies={['quietEnd']}
                rules={[bothOrNone]}
              >
                <TimePicker format={TIME_FORMAT} minuteStep={5} needConfirm={false} />
              </Form.Item>
              <Form.Item
                name="quietEnd"
                label={t('subscription.digest.quietEnd')}
                dependencies={['quietStart']}
              >
                <TimePicker format={TIME_FORMAT} minuteStep={5} needConfirm={false} />
              </Form.Item>
              <p className="sp-muted sp-subs__hint">{t('subscription.digest.quietHint')}</p>
            </fieldset>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('subscription.digest.save')}
            </Button>
          </Form>
        )}
      </div>
    </section>
  );
}
