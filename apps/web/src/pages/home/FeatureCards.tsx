import '../../i18n/home.ts';
import { DatabaseOutlined, LineChartOutlined, ScissorOutlined, TransactionOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const FEATURES: { key: 'wareHouse' | 'quotation' | 'process' | 'exponent'; path: string; icon: ReactNode }[] =
  [
    { key: 'wareHouse', path: '/wareHouse', icon: <DatabaseOutlined /> },
    { key: 'quotation', path: '/beginMain', icon: <TransactionOutlined /> },
    { key: 'process', path: '/process', icon: <ScissorOutlined /> },
    { key: 'exponent', path: '/exponentMain', icon: <LineChartOutlined /> },
  ];

/** The four feature cards linking to their screens. */
export function FeatureCards() {
  const { t } = useTranslation();
  return (
    <section className="sp-features" aria-label={t('home.featuresTitle')}>
      {FEATURES.map((feature) => (
        <Link key={feature.key} to={feature.path} className="sp-feature">
          <span className="sp-feature__icon" aria-hidden>
            {feature.icon}
          </span>
          <span className="sp-feature__body">
            <strong>{t(`home.features.${feature.key}.title`)}</strong>
            <span>{t(`home.features.${feature.key}.text`)}</span>
          </span>
        </Link>
      ))}
    </section>
  );
}
