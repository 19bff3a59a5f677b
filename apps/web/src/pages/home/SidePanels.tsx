import '../../i18n/home.ts';
import { CheckCircleFilled, NotificationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHomeAnnouncement } from '../../api/content.ts';
import { AdLink } from '../../components/FloatingAd.tsx';

const VIP_BENEFITS = ['identity', 'stock', 'inspection', 'surplus', 'processing', 'subscription'] as const;

/** The announcement box and the VIP-benefits list beside the banner. */
export function SidePanels() {
  const { t } = useTranslation();
  // The operators' announcement replaces the default text once it arrives; the box keeps its size.
  const { data: announcement } = useHomeAnnouncement();
  return (
    <div className="sp-side">
      <section className="sp-box">
        <h2 className="sp-box__title">
          <span>
            <NotificationOutlined aria-hidden /> {t('home.noticeTitle')}
          </span>
        </h2>
        {/* The default notice keeps its place under the operators' announcement (hidden), so the
            box has the same height before and after the announcement arrives. */}
        <div className="sp-box__body sp-notice">
          <div className={`sp-notice__layer${announcement ? ' sp-notice__layer--hidden' : ''}`}>
            <p className="sp-notice__headline">{t('home.notice')}</p>
            <p className="sp-muted">{t('home.noticeText')}</p>
          </div>
          {announcement && (
            <p
              className="sp-notice__layer sp-notice__headline sp-notice__clamp"
              data-testid="home-announcement"
            >
              {announcement.linkUrl ? (
                <AdLink href={announcement.linkUrl}>{announcement.text}</AdLink>
              ) : (
                announcement.text
              )}
            </p>
          )}
        </div>
      </section>
      <section className="sp-box">
        <h2 className="sp-box__title">{t('home.vipTitle')}</h2>
        <ul className="sp-box__body sp-benefits">
          {VIP_BENEFITS.map((key) => (
            <li key={key}>
              <CheckCircleFilled aria-hidden /> {t(`home.vipBenefits.${key}`)}
            </li>
          ))}
        </ul>
        <div className="sp-box__footer">
          <Link to="/vipopen" className="sp-buttonlink sp-buttonlink--gold">
            {t('home.vipOpen')}
          </Link>
        </div>
      </section>
    </div>
  );
}
