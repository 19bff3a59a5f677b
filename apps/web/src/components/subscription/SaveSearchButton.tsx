import './subscription.css';
import '../../i18n/subscribe.ts';
import { BellOutlined } from '@ant-design/icons';
import type { SavedSearchKind } from '@steelport/contracts';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { withScreenTexts } from '../../i18n/index.ts';
import { useSubscribeDialog } from './subscribeDialog.ts';

const loadDialog = withScreenTexts(() => import('./SaveSearchDialog.tsx'));
const SaveSearchDialog = lazy(() => loadDialog().then((module) => ({ default: module.SaveSearchDialog })));

/**
 * 保存搜索 (issue 19) on /wareHouse, /surplus and /beginMain: saves the screen's current filter
 * (exactly what it sends to the search API, built from its URL) with a name prefilled from the
 * filter. A visitor is told that subscribing needs a login and offered it; a member sees how
 * many it has and may keep (会员 1 个，VIP 50 个) and, at the limit, which membership keeps more
 * before anyone is sent away. Success says where matches arrive.
 *
 * The dialog (SaveSearchDialog.tsx) and its form engine load when a pointer or the focus reaches
 * the button, so the three screens' first visit does not download them (issue 36).
 */
export function SaveSearchButton({
  kind,
  filter,
}: {
  kind: SavedSearchKind;
  /** the screen's search filter (lotFilterOf / quoteFilterOf); the day is left out here */
  filter: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const dialog = useSubscribeDialog('searches', loadDialog);

  return (
    <>
      <Button
        size="small"
        icon={<BellOutlined aria-hidden />}
        className="sp-subscribe__button"
        data-testid="save-search"
        onPointerEnter={dialog.preload}
        onFocus={dialog.preload}
        onClick={dialog.start}
      >
        {t('subscribe.search.button')}
      </Button>
      {dialog.gate.notice}
      {dialog.opening > 0 && (
        <Suspense fallback={null}>
          <SaveSearchDialog
            key={dialog.opening}
            kind={kind}
            filter={filter}
            gate={dialog.gate}
            open={dialog.open}
            onClose={dialog.close}
          />
        </Suspense>
      )}
    </>
  );
}
