import '../../i18n/services.ts';
import type { ProcessingLineType, ProcessingOffer } from '@steelport/contracts';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { TradeName } from '../../i18n/tradeNames.tsx';
import { formatCount, formatPriceText, formatTonnesText } from '../../lib/numbers.ts';
import type { Dialog } from './EnquiryDialog.tsx';

/** One offer: line, ranges, fee, capacity, and its group order with progress. */
export function OfferCard({
  offer,
  onOpen,
  pending,
  onPreload,
}: {
  offer: ProcessingOffer;
  onOpen: (o: ProcessingOffer, m: Dialog['mode']) => void;
  /** the dialog of this offer whose code is on its way (its button shows it loading) */
  pending?: Dialog['mode'];
  /** fetches the code a click opens ahead of it (a pointer or the focus on a button) */
  onPreload?: () => void;
}) {
  const { t } = useTranslation();
  const group = offer.group;
  return (
    <li className="sp-process__offer" data-testid="process-offer" data-offer-id={offer.id}>
      <div className="sp-process__head">
        <Tag color="blue" className="sp-process__line">
          {t(`processing.lineTypes.${offer.lineType as ProcessingLineType}`, {
            defaultValue: offer.lineType,
          })}
        </Tag>
        <h2 className="sp-process__plant" lang="zh">
          {offer.plantName}
        </h2>
        <span className="sp-muted">
          <TradeName kind="cities" name={offer.city} />
        </span>
      </div>
      <p className="sp-process__ranges">
        {t('processing.thicknessRange', { min: offer.thicknessMin, max: offer.thicknessMax })} ·{' '}
        {t('processing.widthRange', { min: offer.widthMin, max: offer.widthMax })}
      </p>
      <dl className="sp-process__facts">
        <div>
          <dt>{t('processing.fee')}</dt>
          <dd className="sp-process__price">{formatPriceText(offer.price)}</dd>
        </div>
        <div>
          <dt>{t('processing.freeCapacity')}</dt>
          <dd>{formatTonnesText(offer.freeCapacityTonnes)}</dd>
        </div>
      </dl>
      {group ? (
        <div className="sp-process__group" data-testid="process-group">
          <div className="sp-process__grouphead">
            <strong>{t('processing.group')}</strong>
            <Tag color={group.state === 'open' ? 'green' : group.state === 'full' ? 'gold' : undefined}>
              {t(`processing.states.${group.state}`)}
            </Tag>
            {group.deadline && (
              <span className="sp-muted">{t('processing.deadline', { day: group.deadline })}</span>
            )}
          </div>
          <ProgressBar
            percent={Math.min(100, group.progress)}
            // a full order keeps the page's colours: antd's success green is too light for text
            color={group.state === 'full' ? '#8c6210' : undefined}
            aria-label={t('processing.groupProgress', {
              joined: formatTonnesText(group.joinedTonnes),
              target: formatTonnesText(group.targetTonnes),
            })}
            info={`${formatCount(Math.min(100, group.progress))}%`}
          />
          <p className="sp-process__groupline" data-testid="process-joined">
            {t('processing.groupProgress', {
              joined: formatTonnesText(group.joinedTonnes),
              target: formatTonnesText(group.targetTonnes),
            })}
            {' · '}
            {t('processing.groupLeft', { left: formatTonnesText(group.leftTonnes) })}
            {' · '}
            {t('processing.members', { count: group.members })}
          </p>
          {offer.myTonnes !== null && (
            <p className="sp-process__mine" data-testid="process-mine">
              {t('processing.mine', { tonnes: formatTonnesText(offer.myTonnes) })}
            </p>
          )}
        </div>
      ) : (
        <p className="sp-muted sp-process__group sp-process__nogroup">{t('processing.noGroup')}</p>
      )}
      <div className="sp-process__actions">
        <Button
          className="sp-process__tap"
          loading={pending === 'enquire'}
          onPointerEnter={onPreload}
          onFocus={onPreload}
          onClick={() => onOpen(offer, 'enquire')}
        >
          {t('processing.enquire')}
        </Button>
        {group && (group.state === 'open' || (group.state === 'full' && offer.myTonnes !== null)) && (
          <Button
            type="primary"
            className="sp-process__tap"
            loading={pending === 'join'}
            onPointerEnter={onPreload}
            onFocus={onPreload}
            onClick={() => onOpen(offer, 'join')}
          >
            {offer.myTonnes !== null ? t('processing.changeJoin') : t('processing.join')}
          </Button>
        )}
      </div>
    </li>
  );
}
