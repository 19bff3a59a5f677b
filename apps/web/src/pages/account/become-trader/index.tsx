import './becomeTrader.css';
import '../../../i18n/workspace.ts';
import {
  CustomerServiceOutlined,
  FileExcelOutlined,
  LineChartOutlined,
  MessageOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import { ACCOUNT_LIMITS, type MyInfo } from '@steelport/contracts';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useUpdateProfile } from '../../../api/user.ts';
import { companyRules } from '../../../components/accountRules.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { useAccount } from '../useAccount.ts';

const BENEFITS: { key: 'stock' | 'quotes' | 'import' | 'leads'; icon: ReactNode }[] = [
  { key: 'stock', icon: <ShopOutlined /> },
  { key: 'quotes', icon: <LineChartOutlined /> },
  { key: 'import', icon: <FileExcelOutlined /> },
  { key: 'leads', icon: <MessageOutlined /> },
];

/**
 * /account/become-trader, 成为商家: what a trader gets (stock, quotes, Excel import, leads) and
 * how to become one: naming the company on the account (PUT /api/web/user/profile, the way
 * 个人资料 does it) makes the member a trader; a name already registered is claimed through
 * support, whose contact the footer gives.
 */
export function AccountBecomeTraderPage() {
  const { t } = useTranslation();
  const { me } = useAccount();
  if (!me.data) {
    return me.isError ? (
      <Alert type="error" showIcon title={me.error.message} />
    ) : (
      <Skeleton active paragraph={{ rows: 10 }} />
    );
  }
  const isTrader = me.data.company !== null;

  return (
    <div className="sp-account__sections">
      <section className="sp-box" aria-labelledby="become-title">
        <h2 className="sp-box__title" id="become-title">
          {t('workspace.become.title')}
        </h2>
        <div className="sp-box__body">
          {isTrader && (
            <Alert
              type="success"
              showIcon
              className="sp-become__trader"
              title={t('workspace.become.trader')}
              action={<Link to="/account/quotations">{t('workspace.become.toQuotations')}</Link>}
            />
          )}
          <p>{t('workspace.become.intro')}</p>
          <ul className="sp-become__benefits">
            {BENEFITS.map(({ key, icon }) => (
              <li key={key} className="sp-become__benefit" data-testid="trader-benefit">
                <span className="sp-become__icon" aria-hidden>
                  {icon}
                </span>
                <div>
                  <h3>{t(`workspace.become.benefits.${key}.title`)}</h3>
                  <p className="sp-muted">{t(`workspace.become.benefits.${key}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
      {!isTrader && <HowTo info={me.data} />}
    </div>
  );
}

/** Names the company on the account: the member becomes a trader and goes on to the firm profile. */
function HowTo({ info }: { info: MyInfo }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const save = useUpdateProfile();
  const submit = ({ company }: { company: string }) =>
    save.mutate(
      { linkMan: info.linkMan, company: company.trim() },
      {
        onSuccess: () => {
          void message.success(t('workspace.become.done'));
          void navigate('/account/firm');
        },
      },
    );

  return (
    <section className="sp-box" aria-labelledby="become-how">
      <h2 className="sp-box__title" id="become-how">
        {t('workspace.become.howTitle')}
      </h2>
      <div className="sp-box__body sp-become__how">
        <p>{t('workspace.become.how')}</p>
        <Form<{ company: string }>
          layout="vertical"
          requiredMark={false}
          className="sp-become__form"
          onFinish={submit}
          onValuesChange={() => save.isError && save.reset()}
        >
          <Form.Item
            name="company"
            label={t('workspace.become.company')}
            rules={[
              { required: true, whitespace: true, message: t('workspace.become.companyRequired') },
              ...companyRules(t),
            ]}
          >
            <Input
              placeholder={t('form.companyPlaceholder')}
              autoComplete="organization"
              maxLength={ACCOUNT_LIMITS.companyMax}
            />
          </Form.Item>
          {save.error && (
            <Alert type="error" showIcon title={save.error.message} className="sp-become__error" />
          )}
          <Button type="primary" htmlType="submit" loading={save.isPending} className="sp-become__submit">
            {t('workspace.become.submit')}
          </Button>
        </Form>
        <dl className="sp-account__info sp-become__contact">
          <dt>{t('workspace.become.accountPhone')}</dt>
          <dd>{info.phone}</dd>
          <dt>
            <CustomerServiceOutlined /> {t('workspace.become.contact')}
          </dt>
          <dd>
            {t('workspace.become.taken')}
            <br />
            {t('footer.email')}
            <br />
            {t('footer.hours')}
          </dd>
        </dl>
      </div>
    </section>
  );
}
