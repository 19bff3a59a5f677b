import '../../i18n/market.ts';
import type { QuotationTrader } from '@steelport/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEnquiryTotal } from '../../api/lots.ts';
import { isVipMember, useSession } from '../../auth/session.ts';
import { ClickPopover } from '../ClickPopover.tsx';
import { contactGate, useGateNotice } from '../GateNotice.tsx';
import { PhoneLink } from '../lots/ContactCell.tsx';
import { firmPathOf } from './firm.ts';

/** Where a link inside a framed firm page opens: a new tab, never inside the other site's frame. */
export type LinkTarget = '_blank' | undefined;

/**
 * What a masked phone offers. Quotes have no unlock of their own (the enquiry unlocks a lot's
 * supplier), but they share the firm's unlock: a visitor is told what the unlock costs once
 * logged in (the shared gate notice, with 登录 / 开通VIP and a way back); a member learns what the unlock costs and where it is done, the firm's spot
 * stock, and gets a link there.
 */
export function PhoneHint({
  companyId,
  target,
}: {
  /** the firm (the supplier id of /wareHouse?supplierId=) */
  companyId: number;
  target?: LinkTarget;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const gate = useGateNotice();
  // Asked only once a member opens the hint: the cost and the VIP state of the account.
  const enquiry = useEnquiryTotal('cargo', [], open && Boolean(session.token));
  if (!session.token) {
    return (
      <>
        <Button
          type="link"
          size="small"
          className="sp-contact__view"
          onClick={() => gate.explain(contactGate(t))}
        >
          {t('quotes.contact.view')}
        </Button>
        {gate.notice}
      </>
    );
  }
  // Free for VIP and for a membership with free unlocks (a company seat): the server says 0 beans.
  const vip = enquiry.data ? enquiry.data.isVip || enquiry.data.beansPerSupplier === 0 : isVipMember(session);
  const content = (
    <div className="sp-quotes__hint">
      <p>
        {vip
          ? t('quotes.contact.hintVip')
          : t('quotes.contact.hint', { beans: enquiry.data?.beansPerSupplier ?? 1 })}
      </p>
      <Link to={`/wareHouse?supplierId=${companyId}`} target={target}>
        {t('quotes.contact.toStock')}
      </Link>
    </div>
  );
  return (
    <ClickPopover title={t('quotes.contact.hintTitle')} content={content} open={open} onOpenChange={setOpen}>
      <Button type="link" size="small" className="sp-contact__view">
        {t('quotes.contact.view')}
      </Button>
    </ClickPopover>
  );
}

/**
 * 贸易商 cell: short name linking to the firm page, contact name (members), the phone (masked as
 * 138****1234 until the firm is unlocked) and what a masked phone offers.
 */
export function TraderContact({
  trader,
  target,
  showName = true,
}: {
  trader: QuotationTrader;
  target?: LinkTarget;
  /** the name is shown elsewhere (a trader card's header) */
  showName?: boolean;
}) {
  const firm = firmPathOf(trader.userId);
  const name = trader.shortName || trader.name;
  return (
    <div className="sp-contact">
      {showName && (
        <span className="sp-contact__line">
          {firm ? (
            <Link to={firm} title={trader.name} className="sp-quotes__trader" target={target} lang="zh">
              {name}
            </Link>
          ) : (
            <span title={trader.name} lang="zh">
              {name}
            </span>
          )}
          {trader.contactName && <span lang="zh">{trader.contactName}</span>}
        </span>
      )}
      <span className="sp-contact__line">
        {!showName && trader.contactName && <span lang="zh">{trader.contactName}</span>}
        <span className="sp-contact__phone" data-testid="trader-phone">
          {trader.unlocked && trader.phone ? <PhoneLink phone={trader.phone} /> : trader.phone}
        </span>
        {!trader.unlocked && <PhoneHint companyId={trader.companyId} target={target} />}
      </span>
    </div>
  );
}
