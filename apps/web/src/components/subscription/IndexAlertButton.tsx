import './subscription.css';
import '../../i18n/subscribe.ts';
import { BellOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { withScreenTexts } from '../../i18n/index.ts';
import { useSubscribeDialog } from './subscribeDialog.ts';

const loadDialog = withScreenTexts(() => import('./IndexAlertDialog.tsx'));
const IndexAlertDialog = lazy(() => loadDialog().then((module) => ({ default: module.IndexAlertDialog })));

/**
 * 提醒 on an index card of /exponentMain (issue 19): a small dialog sets an alert when the price
 * rises above or falls below a level (元/吨, prefilled with the latest price), moves more than
 * N% in a day, or (an index of one product) when the day's 市场日报 of its product is out. Gated
 * like 保存搜索: a visitor is offered the login, a member sees how many alerts it has and may
 * keep (会员 1 个，VIP 50 个) and, at the limit, which membership keeps more.
 *
 * The dialog (IndexAlertDialog.tsx) and its form engine load when a pointer or the focus reaches
 * the button, not with the screen (issue 36).
 */
export function IndexAlertButton({
  indexId,
  indexName,
  product,
  price,
  date,
  className,
}: {
  indexId: number;
  indexName: string;
  /** the index's product (热轧卷板); empty for a composite, which has no 市场日报 */
  product: string;
  /** the latest price, 元/吨 (0 or null: none yet) */
  price: number | null;
  /** the latest day, YYYY-MM-DD */
  date: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const dialog = useSubscribeDialog('alerts', loadDialog);

  return (
    <>
      <Button
        size="small"
        type="text"
        icon={<BellOutlined aria-hidden />}
        className={`sp-subscribe__alert-button${className ? ` ${className}` : ''}`}
        aria-label={t('subscribe.alert.buttonLabel', { name: indexName })}
        data-testid="index-alert"
        onPointerEnter={dialog.preload}
        onFocus={dialog.preload}
        onClick={dialog.start}
      >
        {t('subscribe.alert.button')}
      </Button>
      {dialog.gate.notice}
      {dialog.opening > 0 && (
        <Suspense fallback={null}>
          <IndexAlertDialog
            key={dialog.opening}
            indexId={indexId}
            indexName={indexName}
            product={product}
            price={price}
            date={date}
            gate={dialog.gate}
            open={dialog.open}
            onClose={dialog.close}
          />
        </Suspense>
      )}
    </>
  );
}
