import type { ProductCategory, ProductEntry } from '@steelport/contracts';
import { Alert, Button, Empty, Skeleton, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useProductMap } from '../../api/common.ts';
import { searchTarget } from '../../layout/searchRule.ts';
import { formatRange } from './specRange.ts';

/** Mills shown per product; the rest sit behind a "+n" tag so the cards stay scannable. */
const VISIBLE_ORIGINS = 7;

function ProductRow({ product, onSearch }: { product: ProductEntry; onSearch: (name: string) => void }) {
  const { t } = useTranslation();
  const spec = t('home.spec', {
    thickness: formatRange(product.thicknessMin, product.thicknessMax),
    width: formatRange(product.widthMin, product.widthMax),
  });
  return (
    <li className="sp-product">
      <div className="sp-product__head">
        <button type="button" className="sp-product__name" onClick={() => onSearch(product.name)}>
          {product.name}
        </button>
        <span className="sp-product__spec">{spec}</span>
      </div>
      {product.materials.length > 0 && (
        <div className="sp-product__tags">
          <span className="sp-product__label">{t('home.materials')}</span>
          {product.materials.map((material) => (
            <Tag key={material} color="blue" variant="outlined">
              {material}
            </Tag>
          ))}
        </div>
      )}
      {product.origins.length > 0 && (
        <div className="sp-product__tags">
          <span className="sp-product__label">{t('home.origins')}</span>
          {product.origins.slice(0, VISIBLE_ORIGINS).map((origin) => (
            <Tag key={origin} variant="filled">
              {origin}
            </Tag>
          ))}
          {product.origins.length > VISIBLE_ORIGINS && (
            <Tooltip title={product.origins.slice(VISIBLE_ORIGINS).join('、')}>
              <Tag variant="filled">+{product.origins.length - VISIBLE_ORIGINS}</Tag>
            </Tooltip>
          )}
        </div>
      )}
    </li>
  );
}

function CategoryCard({
  category,
  onSearch,
}: {
  category: ProductCategory;
  onSearch: (name: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="sp-box sp-category" aria-label={category.name}>
      <h3 className="sp-box__title">
        {category.name}
        <span className="sp-muted">{t('home.productCount', { count: category.products.length })}</span>
      </h3>
      <ul className="sp-box__body sp-category__products">
        {category.products.map((product) => (
          <ProductRow key={product.id} product={product} onSearch={onSearch} />
        ))}
      </ul>
    </section>
  );
}

/** The product map as category cards; a product name searches today's quotations for it. */
export function ProductMapSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending, isError, refetch, isFetching } = useProductMap();

  const onSearch = (name: string) => {
    const target = searchTarget(name, '');
    if (target) void navigate(target);
  };

  let body: React.ReactNode;
  if (isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (isError) {
    body = (
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
    );
  } else if (data.categories.length === 0) {
    body = <Empty description={t('home.empty')} />;
  } else {
    body = (
      <div className="sp-categories">
        {data.categories.map((category) => (
          <CategoryCard key={category.id} category={category} onSearch={onSearch} />
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
