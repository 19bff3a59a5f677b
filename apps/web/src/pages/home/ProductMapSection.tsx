import '../../i18n/home.ts';
import type { ProductCategory, ProductEntry } from '@steelport/contracts';
import { Button, Empty, Skeleton, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProductMap } from '../../api/common.ts';
import { HoverTooltip } from '../../components/HoverTooltip.tsx';
import { quotesPath } from '../../components/quotes/quoteQuery.ts';
import { TradeName, useTradeName } from '../../i18n/tradeNames.tsx';
import { formatRange } from './specRange.ts';

/** Mills shown per product; the rest sit behind a "+n" tag so the cards stay scannable. */
const VISIBLE_ORIGINS = 7;

/**
 * A product with its sizes, materials and mills. Each name is a link to today's quotations with
 * that product selected; a material or mill selects it too.
 */
function ProductRow({ product }: { product: ProductEntry }) {
  const { t } = useTranslation();
  const name = useTradeName();
  const products = [product.name];
  const spec = t('home.spec', {
    thickness: formatRange(product.thicknessMin, product.thicknessMax),
    width: formatRange(product.widthMin, product.widthMax),
  });
  return (
    <li className="sp-product">
      <div className="sp-product__head">
        <Link className="sp-product__name" to={quotesPath({ products })}>
          <TradeName kind="products" name={product.name} />
        </Link>
        <span className="sp-product__spec">{spec}</span>
      </div>
      {product.materials.length > 0 && (
        <div className="sp-product__tags">
          <span className="sp-product__label">{t('home.materials')}</span>
          {product.materials.map((material) => (
            <Link key={material} to={quotesPath({ products, materials: [material] })}>
              <Tag color="blue" variant="outlined">
                {material}
              </Tag>
            </Link>
          ))}
        </div>
      )}
      {product.origins.length > 0 && (
        <div className="sp-product__tags">
          <span className="sp-product__label">{t('home.origins')}</span>
          {product.origins.slice(0, VISIBLE_ORIGINS).map((origin) => (
            <Link key={origin} to={quotesPath({ products, origins: [origin] })}>
              <Tag variant="filled">
                <TradeName kind="mills" name={origin} />
              </Tag>
            </Link>
          ))}
          {product.origins.length > VISIBLE_ORIGINS && (
            <HoverTooltip
              title={product.origins
                .slice(VISIBLE_ORIGINS)
                .map((origin) => name('mills', origin))
                .join(t('lots.listSeparator'))}
            >
              <Tag variant="filled">+{product.origins.length - VISIBLE_ORIGINS}</Tag>
            </HoverTooltip>
          )}
        </div>
      )}
    </li>
  );
}

function CategoryCard({ category }: { category: ProductCategory }) {
  const { t } = useTranslation();
  const name = useTradeName();
  return (
    <section className="sp-box sp-category" aria-label={name('categories', category.name)}>
      <h3 className="sp-box__title">
        <TradeName kind="categories" name={category.name} />
        <span className="sp-muted">{t('home.productCount', { count: category.products.length })}</span>
      </h3>
      <ul className="sp-box__body sp-category__products">
        {category.products.map((product) => (
          <ProductRow key={product.id} product={product} />
        ))}
      </ul>
    </section>
  );
}

/**
 * antd's Alert (and its icons) only when the map could not be loaded: rare, so it is not part of
 * the home page's first load; the skeleton stays until it arrives.
 */
const Alert = lazy(() => import('antd/es/alert'));

/** The product map as category cards; a product, material or mill opens today's quotations of it. */
export function ProductMapSection() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch, isFetching } = useProductMap();

  let body: React.ReactNode;
  if (isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (isError) {
    body = (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
        <Alert
          type="error"
          showIcon
          title={t('home.loadError')}
          action={
            <Button size="small" onClick={() => void refetch()} loading={isFetching}>
              {t('home.retry')}
            </Button>
          }
        />
      </Suspense>
    );
  } else if (data.categories.length === 0) {
    body = <Empty description={t('home.empty')} />;
  } else {
    body = (
      <div className="sp-categories">
        {data.categories.map((category) => (
          <CategoryCard key={category.id} category={category} />
        ))}
      </div>
    );
  }

  return (
    <section className="sp-section">
      <h2 className="sp-section__title">
        {t('home.productMapTitle')}
        <span className="sp-muted">{t('home.productMapHint')}</span>
      </h2>
      {body}
    </section>
  );
}
