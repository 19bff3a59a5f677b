import { Code, type EnquiryTotal, type LotKind, type Supplier } from '@steelport/contracts';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSiteConfig } from '../../api/common.ts';
import { useEnquiry } from '../../api/lots.ts';
import { isVipMember, useSession } from '../../auth/session.ts';
import { loginSiteHref } from '../../layout/links.ts';
import { firmPathOf } from '../quotes/firm.ts';

export interface ContactRow {
  id: number;
  supplier: Supplier;
  /** the supplier's trader user, whose firm page the name opens; null when it has none */
  supplierUserId?: number | null;
}

/**
 * The contact unlock (查看电话): a visitor goes to the login site and comes back here; a
 * member confirms spending a bean (the balance is shown); a VIP unlocks at once, free. A
 * refusal for lack of beans (code 5) explains itself and offers VIP.
 */
export function useUnlockContact(kind: LotKind, enquiry: EnquiryTotal | undefined) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const mutation = useEnquiry(kind);

  const run = (row: ContactRow) =>
    mutation.mutateAsync([row.id]).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === Code.NeedVip) {
        modal.confirm({
          title: t('lots.contact.noBeansTitle'),
          content: error.message,
          okText: t('lots.contact.buyVip'),
          cancelText: t('lots.contact.cancel'),
          onOk: () => void navigate('/vipopen'),
        });
      } else if (error instanceof ApiError && error.code === Code.NeedLogin) {
        // The API client already offered the login site; a second toast would only repeat it.
      } else if (error instanceof Error) {
        void message.error(error.message);
      }
    });

  const unlock = (row: ContactRow) => {
    if (enquiry?.isVip ?? isVipMember(session)) {
      void run(row);
      return;
    }
    modal.confirm({
      title: t('lots.contact.confirmTitle'),
      content: t('lots.contact.confirm', {
        beans: enquiry?.beansPerSupplier ?? 1,
        balance: enquiry?.beans ?? '-',
      }),
      okText: t('lots.contact.ok'),
      cancelText: t('lots.contact.cancel'),
      onOk: () => run(row),
    });
  };
  const pendingId = mutation.isPending ? mutation.variables?.[0] : undefined;
  return { unlock, pendingId, loggedIn: Boolean(session.token) };
}

/**
 * 供应商 cell: short name linking to the firm page, contact name, the phone (masked as
 * 138****1234 until unlocked) and 查看电话.
 */
export function ContactCell({
  row,
  loggedIn,
  pending,
  onUnlock,
}: {
  row: ContactRow;
  loggedIn: boolean;
  pending: boolean;
  onUnlock: (row: ContactRow) => void;
}) {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const { supplier } = row;
  const firm = firmPathOf(row.supplierUserId);
  const name = supplier.shortName || supplier.name;
  return (
    <div className="sp-contact">
      <span className="sp-contact__line">
        {firm ? (
          <Link to={firm} title={supplier.name}>
            {name}
          </Link>
        ) : (
          <span title={supplier.name}>{name}</span>
        )}
        {supplier.contactName && <span>{supplier.contactName}</span>}
      </span>
      <span className="sp-contact__line">
        <span className="sp-contact__phone" data-testid="supplier-phone">
          {supplier.phone}
        </span>
        {!supplier.unlocked &&
          (loggedIn ? (
            <Button
              type="link"
              size="small"
              className="sp-contact__view"
              loading={pending}
              onClick={() => onUnlock(row)}
            >
              {t('lots.contact.view')}
            </Button>
          ) : (
            // A visitor logs in first and comes back to this very search.
            <a className="sp-contact__view" href={loginSiteHref(site.loginSiteUrl, window.location.href)}>
              {t('lots.contact.view')}
            </a>
          ))}
      </span>
    </div>
  );
}
