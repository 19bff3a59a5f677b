import '../../../components/admin/adminContent.css';
import '../../../i18n/adminServices.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/Tabs.tsx';
import { EnquiriesTab } from './EnquiriesTab.tsx';
import { OffersTab } from './OffersTab.tsx';

/**
 * /admin/processing, 共享加工管理: two tabs, 加工报价 (offers with their group orders: create,
 * edit, list/withdraw, open/close the group order, delete) and 询价与拼单 (the members' enquiries
 * and shares with the operators' follow-up). The tab, search, filters and page live in the URL.
 */
export function AdminProcessingPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'enquiries' ? 'enquiries' : 'offers';
  return (
    <Tabs
      activeKey={view}
      onChange={(key) => setParams(key === 'offers' ? {} : { view: key })}
      items={[
        {
          key: 'offers',
          label: t('adminServices.processing.offersTab'),
          children: view === 'offers' && <OffersTab />,
        },
        {
          key: 'enquiries',
          label: t('adminServices.processing.enquiriesTab'),
          children: view === 'enquiries' && <EnquiriesTab />,
        },
      ]}
    />
  );
}
