import './cloud.css';
import '../../i18n/services.ts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCloudIndex } from '../../api/cloud.ts';
import { useSession } from '../../auth/session.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ServiceClosed, useServiceShown } from '../../components/services/ServiceClosed.tsx';
import { readQuery, type Update } from './cloudQuery.ts';
import { JoinBox } from './JoinBox.tsx';
import { Mine } from './Mine.tsx';
import { Warehouses } from './Warehouses.tsx';

/**
 * /beginClound, 仓库自助: a member's coils in the partner warehouses (filter by status and
 * warehouse, look up a coil number in a prompt box), stock totals per warehouse and the in/out
 * history; everyone sees the partner warehouses with capacity and saturation, and a visitor how
 * to join.
 */
export function CloudWarehousePage() {
  const { t } = useTranslation();
  const shown = useServiceShown('cloudWarehouse');
  return (
    <div className="sp-container sp-page sp-cloud">
      <PageTitle>{t('pages.beginClound.title')}</PageTitle>
      {shown ? <CloudScreen /> : <ServiceClosed service="cloudWarehouse" />}
    </div>
  );
}

function CloudScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const index = useCloudIndex(query);
  const loggedIn = Boolean(session.token);

  /** Sets URL parameters; any filter change goes back to the first pages. */
  const update: Update = (changes: Record<string, string | number | undefined>, keepPages = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (!keepPages) {
      next.delete('page');
      next.delete('historyPage');
    }
    setParams(next);
  };

  return (
    <>
      <p className="sp-cloud__intro sp-muted">{t('cloud.intro')}</p>
      {index.isError && (
        <Alert type="error" showIcon title={t('cloud.error', { message: index.error.message })} />
      )}
      {loggedIn ? <Mine data={index.data} query={query} update={update} /> : <JoinBox />}
      <Warehouses list={index.data?.warehouses} />
    </>
  );
}
