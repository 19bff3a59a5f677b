import '../../i18n/market.ts';
import { CopyOutlined } from '@ant-design/icons';
import { Code, type EnquiryTotal, type LotKind, type Supplier } from '@steelport/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useEnquiry } from '../../api/lots.ts';
import { isVipMember, useSession } from '../../auth/session.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { contactGate, noBeansGate, useGateNotice } from '../GateNotice.tsx';
import { useFirmPathOf } from '../quotes/firm.ts';

export interface ContactRow {
  /** the lot the unlock is an enquiry about */
  id: number;
  supplier: Supplier;
  /** the supplier's trader user, whose firm page the name opens; null when it has none */
  supplierUserId?: number | null;
}

/**
 * The contact unlock (查看联系方式): a visitor is first told what it costs (登录后查看，消耗 1 钢豆，
 * VIP 免费) with 登录 / 开通VIP links back here; a member confirms spending a bean (the balance is
 * shown); a VIP unlocks at once, free. A refusal for lack of beans (code 5) explains itself the
 * same way. Render `notice` once in the screen.
 */
export function useUnlockContact(kind: LotKind, enquiry: EnquiryTotal | undefined) {
  const { t } = useTranslation();
  const session = useSession();
  const { modal, message } = useFeedback();
  const mutation = useEnquiry(kind);
  const { notice, explain } = useGateNotice();
  const loggedIn = Boolean(session.token);

  const run = (row: ContactRow) =>
    mutation.mutateAsync([row.id]).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === Code.NeedVip) {
        explain(noBeansGate(t, error.message));
      } else if (error instanceof ApiError && error.code === Code.NeedLogin) {
        // The API client already offered the login site; a second toast would only repeat it.
      } else if (error instanceof Error) {
        void message.error(error.message);
      }
    });

  const unlock = (row: ContactRow) => {
    if (!loggedIn) {
      explain(contactGate(t));
      return;
    }
    // Free for VIP and for a membership with free unlocks (a company seat): the server says 0 beans.
    if (enquiry ? enquiry.isVip || enquiry.beansPerSupplier === 0 : isVipMember(session)) {
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
  return { unlock, pendingId, loggedIn, notice };
}

/** An unlocked phone: a `tel:` link (a tap calls) and a button that copies the number. */
export function PhoneLink({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const copy = () => {
    navigator.clipboard
      .writeText(phone)
      .then(() => message.success(t('lots.contact.copied', { phone })))
      .catch(() => message.error(t('lots.contact.copyFailed')));
  };
  return (
    <span className="sp-contact__phone-open">
      <a className="sp-contact__tel" href={`tel:${phone}`} data-testid="supplier-phone">
        {phone}
      </a>
      <Button
        type="text"
        size="small"
        className="sp-contact__copy"
        icon={<CopyOutlined />}
        aria-label={t('lots.contact.copy')}
        title={t('lots.contact.copy')}
        onClick={copy}
      />
    </span>
  );
}

/**
 * The phone of a supplier and its unlock: the number as a `tel:` link with copy once unlocked,
 * otherwise the masked number (138****1234) and 查看联系方式.
 */
export function ContactPhone({
  supplier,
  pending,
  onUnlock,
}: {
  supplier: Pick<Supplier, 'phone' | 'unlocked'>;
  pending: boolean;
  onUnlock: () => void;
}) {
  const { t } = useTranslation();
  if (supplier.unlocked && supplier.phone) return <PhoneLink phone={supplier.phone} />;
  return (
    <>
      <span className="sp-contact__phone" data-testid="supplier-phone">
        {supplier.phone}
      </span>
      <Button type="link" size="small" className="sp-contact__view" loading={pending} onClick={onUnlock}>
        {t('lots.contact.view')}
      </Button>
    </>
  );
}

/**
 * 供应商 cell: short name linking to the firm page, contact name, and the phone with its unlock
 * (ContactPhone).
 */
export function ContactCell({
  row,
  pending,
  onUnlock,
}: {
  row: ContactRow;
  pending: boolean;
  onUnlock: (row: ContactRow) => void;
}) {
  const { supplier } = row;
  const firm = useFirmPathOf()(row.supplierUserId);
  const name = supplier.shortName || supplier.name;
  return (
    <div className="sp-contact">
      <span className="sp-contact__line">
        {firm ? (
          <Link to={firm} title={supplier.name} lang="zh">
            {name}
          </Link>
        ) : (
          <span title={supplier.name} lang="zh">
            {name}
          </span>
        )}
        {supplier.contactName && <span lang="zh">{supplier.contactName}</span>}
      </span>
      <span className="sp-contact__line">
        <ContactPhone supplier={supplier} pending={pending} onUnlock={() => onUnlock(row)} />
      </span>
    </div>
  );
}
