import './firm.css';
import '../../../i18n/workspace.ts';
import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { TRADER_LIMITS, type TraderProfile, type TraderProfileBody } from '@steelport/contracts';
import { Alert, Button, Form, Input, Skeleton, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTraderProfile, useUpdateTraderProfile } from '../../../api/workspace.ts';
import { LoadError } from '../../../components/LoadError.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { useFeedback } from '../../../lib/feedback.ts';

/** The contract's phone rule: a mobile number or a landline with its area code. */
const PHONE = /^1\d{10}$|^0\d{2,3}-?\d{7,8}$/;

type Values = Required<TraderProfileBody>;

/** The iframe code of the embeddable firm page. */
export function embedCode(origin: string, userId: number, title: string): string {
  return `<iframe src="${origin}/firminfo/${userId}/embed" title="${title}" width="100%" height="600" style="border:0" loading="lazy"></iframe>`;
}

/**
 * /account/firm, 企业资料: the profile shown on the firm page (简称, 城市, 地址, 联系人, 联系电话,
 * 主营品种, 简介; the company name read-only), a link to preview the page and the iframe code of
 * its embeddable version with a copy button.
 */
export function AccountFirmPage() {
  const { t } = useTranslation();
  const profile = useTraderProfile();

  return (
    <div className="sp-account__sections">
      <section className="sp-box" aria-labelledby="firm-title">
        <h2 className="sp-box__title" id="firm-title">
          {t('workspace.firm.title')}
        </h2>
        <div className="sp-box__body">
          <p className="sp-muted sp-firmedit__intro">{t('workspace.firm.intro')}</p>
          {profile.isError ? (
            <LoadError error={profile.error} onRetry={profile.refetch} />
          ) : profile.data ? (
            <ProfileForm profile={profile.data} />
          ) : (
            <div role="status" aria-label={t('workspace.firm.loading')} className="sp-firmedit__skeleton">
              <Skeleton active title={false} paragraph={{ rows: 12 }} />
            </div>
          )}
        </div>
      </section>
      {profile.data && (
        <EmbedBox userId={profile.data.userId} name={profile.data.shortName || profile.data.name} />
      )}
    </div>
  );
}

function ProfileForm({ profile }: { profile: TraderProfile }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useUpdateTraderProfile();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    form.setFieldsValue({
      shortName: profile.shortName,
      city: profile.city,
      address: profile.address,
      contactName: profile.contactName,
      contactPhone: profile.contactPhone,
      mainProducts: profile.mainProducts,
      intro: profile.intro,
    });
  }, [form, profile]);

  const max = (n: number): Rule => ({ max: n, message: t('workspace.firm.tooLong', { max: n }) });
  const required = (text: string): Rule => ({ required: true, whitespace: true, message: text });

  const submit = (values: Values) => {
    setError(null);
    const body: TraderProfileBody = {
      shortName: values.shortName.trim(),
      city: values.city.trim(),
      address: (values.address ?? '').trim(),
      contactName: values.contactName.trim(),
      contactPhone: values.contactPhone.trim(),
      mainProducts: (values.mainProducts ?? '').trim(),
      intro: (values.intro ?? '').trim(),
    };
    save.mutate(body, {
      onSuccess: () => void message.success(t('workspace.firm.saved')),
      onError: (err) => setError(err.message),
    });
  };

  return (
    <Form<Values> form={form} layout="vertical" className="sp-firmedit__form" onFinish={submit} requiredMark>
      <Form.Item
        label={t('workspace.firm.company')}
        htmlFor="firm-company"
        extra={
          <>
            {t('workspace.firm.companyHint')}{' '}
            <Link to="/account/profile">{t('workspace.firm.companyHintLink')}</Link>
          </>
        }
      >
        <Input id="firm-company" value={profile.name} readOnly disabled />
      </Form.Item>
      <div className="sp-firmedit__pair">
        <Form.Item
          name="shortName"
          label={t('workspace.firm.shortName')}
          rules={[required(t('workspace.firm.shortNameRequired')), max(TRADER_LIMITS.profileNameLength)]}
        >
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item
          name="city"
          label={t('workspace.firm.city')}
          rules={[required(t('workspace.firm.cityRequired')), max(TRADER_LIMITS.cityLength)]}
        >
          <Input autoComplete="address-level2" />
        </Form.Item>
      </div>
      <Form.Item
        name="address"
        label={t('workspace.firm.address')}
        rules={[max(TRADER_LIMITS.profileAddressLength)]}
      >
        <Input autoComplete="street-address" />
      </Form.Item>
      <div className="sp-firmedit__pair">
        <Form.Item
          name="contactName"
          label={t('workspace.firm.contactName')}
          rules={[required(t('workspace.firm.contactNameRequired')), max(TRADER_LIMITS.profileNameLength)]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="contactPhone"
          label={t('workspace.firm.contactPhone')}
          rules={[
            required(t('workspace.firm.contactPhoneRequired')),
            { pattern: PHONE, message: t('workspace.firm.contactPhoneInvalid') },
          ]}
        >
          <Input inputMode="tel" autoComplete="tel" />
        </Form.Item>
      </div>
      <Form.Item
        name="mainProducts"
        label={t('workspace.firm.mainProducts')}
        rules={[max(TRADER_LIMITS.profileProductsLength)]}
      >
        <Input placeholder={t('workspace.firm.mainProductsPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="intro"
        label={t('workspace.firm.introField')}
        rules={[max(TRADER_LIMITS.profileIntroLength)]}
      >
        <Input.TextArea
          autoSize={{ minRows: 4, maxRows: 12 }}
          showCount
          maxLength={TRADER_LIMITS.profileIntroLength}
        />
      </Form.Item>
      <Form.Item label={t('workspace.firm.warehouses')}>
        <div className="sp-firmedit__warehouses">
          {profile.warehouses.length > 0 ? (
            profile.warehouses.map((name) => <Tag key={name}>{name}</Tag>)
          ) : (
            <span className="sp-muted">{t('workspace.firm.noWarehouses')}</span>
          )}
        </div>
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} role="alert" className="sp-firmedit__error" />}
      <Button type="primary" htmlType="submit" loading={save.isPending} className="sp-firmedit__save">
        {t('workspace.firm.save')}
      </Button>
    </Form>
  );
}

/** The firm page's preview link and the iframe code of its embeddable version. */
function EmbedBox({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const code = embedCode(window.location.origin, userId, name);
  const copy = async () => {
    if (await copyText(code)) void message.success(t('workspace.copied'));
    else void message.error(t('workspace.copyFailed'));
  };
  return (
    <section className="sp-box" aria-labelledby="firm-embed">
      <h2 className="sp-box__title" id="firm-embed">
        {t('workspace.firm.previewTitle')}
      </h2>
      <div className="sp-box__body sp-firmedit__embed">
        <Link to={`/firminfo/${userId}/normal`} target="_blank" className="sp-firmedit__preview">
          <ExportOutlined /> {t('workspace.firm.preview')}
        </Link>
        <h3 className="sp-firmedit__subtitle">{t('workspace.firm.embedTitle')}</h3>
        <p className="sp-muted">{t('workspace.firm.embedHint')}</p>
        <Input.TextArea
          aria-label={t('workspace.firm.embedLabel')}
          value={code}
          readOnly
          autoSize={{ minRows: 2, maxRows: 4 }}
          className="sp-firmedit__code"
          data-testid="embed-code"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button icon={<CopyOutlined />} onClick={() => void copy()} className="sp-firmedit__copy">
          {t('workspace.firm.copyEmbed')}
        </Button>
      </div>
    </section>
  );
}
