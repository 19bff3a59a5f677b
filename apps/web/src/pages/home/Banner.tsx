import { Carousel } from 'antd';
import { useTranslation } from 'react-i18next';

const BANNERS = ['b1', 'b2', 'b3'] as const;

/** Static home banners (PORTAL §3 static content). */
export function Banner() {
  const { t } = useTranslation();
  return (
    <Carousel autoplay autoplaySpeed={5000} className="sp-banner">
      {BANNERS.map((key) => (
        <div key={key}>
          <div className={`sp-banner__slide sp-banner__slide--${key}`}>
            <h2>{t(`home.banners.${key}.title`)}</h2>
            <p>{t(`home.banners.${key}.text`)}</p>
          </div>
        </div>
      ))}
    </Carousel>
  );
}
