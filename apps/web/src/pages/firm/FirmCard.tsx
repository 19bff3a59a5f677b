import '../../i18n/market.ts';
import type { FirmProfile } from '@steelport/contracts';
import { Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type LinkTarget, PhoneHint } from '../../components/quotes/TraderContact.tsx';
import { TradeName } from '../../i18n/tradeNames.tsx';
import { formatCount } from '../../lib/numbers.ts';

/** The profile's place while it loads, at its final height. */
export function FirmCardSkeleton() {
  return (
    <section className="sp-box sp-firm sp-firm__skeleton" aria-busy="true">
      <div className="sp-box__body">
        <Skeleton active paragraph={{ rows: 5 }} />
      </div>
    </section>
  );
}

/**
 * A trader's firm: name, contact (the phone masked until the firm is unlocked), city and
 * address, main products, usual warehouses, member since, its quote counts of the day and its
 * spot stock and surplus counts, each linking to that market filtered by the firm.
 */
export function FirmCard({ firm, target }: { firm: FirmProfile; target?: LinkTarget }) {
  const { t } = useTranslation();
  const day = firm.lastQuoteDate;
  const rows: [label: string, value: React.ReactNode][] = [
    [
      t('firm.contact'),
      firm.contactName ? (
        <span key="contact" lang="zh">
          {firm.contactName}
        </span>
      ) : (
        t('firm.contactHidden')
      ),
    ],
    [
      t('firm.phone'),
      <>
        <span className="sp-contact__phone" data-testid="firm-phone">
          {firm.phone}
        </span>{' '}
        {!firm.unlocked && <PhoneHint companyId={firm.companyId} target={target} />}
      </>,
    ],
    [t('firm.city'), firm.city ? <TradeName key="city" kind="cities" name={firm.city} /> : '—'],
    [
      t('firm.address'),
      firm.address ? (
        <span key="address" lang="zh">
          {firm.address}
        </span>
      ) : (
        '—'
      ),
    ],
    [
      t('firm.main'),
      firm.mainProducts ? (
        <span key="main" lang="zh">
          {firm.mainProducts}
        </span>
      ) : (
        '—'
      ),
    ],
    [
      t('firm.warehouses'),
      firm.warehouses.length > 0
        ? firm.warehouses.map((warehouse, i) => (
            <span key={warehouse}>
              {i > 0 && t('lots.listSeparator')}
              <TradeName kind="warehouses" name={warehouse} />
            </span>
          ))
        : '—',
    ],
    [t('firm.memberSince'), dayjs(firm.memberSince).format('YYYY-MM-DD')],
    [t('firm.lastQuote'), day ?? t('firm.noQuoteYet')],
  ];
  return (
    <section className="sp-box sp-firm" aria-labelledby="sp-firm-name" data-testid="firm-profile">
      <div className="sp-box__body">
        <div className="sp-firm__head">
          <h2 className="sp-firm__name" id="sp-firm-name" lang="zh">
            {firm.name}
          </h2>
          {firm.shortName && (
            <span className="sp-quotes__muted" lang="zh">
              {firm.shortName}
            </span>
          )}
        </div>
        <dl className="sp-firm__grid">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {firm.intro && (
          <p className="sp-firm__intro" lang="zh">
            {firm.intro}
          </p>
        )}
        <div className="sp-firm__counts">
          {day && (
            <span>
              {t('firm.dayCounts', {
                date: day,
                quotes: formatCount(firm.quoteCount),
                callForPrice: formatCount(firm.callForPriceCount),
              })}
            </span>
          )}
          {firm.cargoCount > 0 ? (
            <Link to={`/wareHouse?supplierId=${firm.companyId}`} target={target} data-testid="firm-stock">
              {t('firm.stock', { count: formatCount(firm.cargoCount) })}
            </Link>
          ) : (
            <span>{t('firm.noStock')}</span>
          )}
          {firm.surplusCount > 0 && (
            <Link to={`/surplus?supplierId=${firm.companyId}`} target={target}>
              {t('firm.surplus', { count: formatCount(firm.surplusCount) })}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
