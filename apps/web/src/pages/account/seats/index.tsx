import './seats.css';
import '../../../i18n/seats.ts';
import { TeamOutlined } from '@ant-design/icons';
import { type HeldSeat, PHONE_PATTERN, type SeatGroup, type SeatItem } from '@steelport/contracts';
import { Alert, Button, Form, Input, Modal, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInviteSeat, useMySeats, useReassignSeat, useRemoveSeat } from '../../../api/seats.ts';
import { useBuyVipInfo } from '../../../api/vip.ts';
import { useFeedback } from '../../../lib/feedback.ts';

const PHONE = new RegExp(PHONE_PATTERN);
const day = (iso: string) => dayjs(iso).format('YYYY-MM-DD');

/**
 * /account/seats, company seats (issue 30 item 6): the seats a trader bought of the per-seat
 * commodity, who holds each (the buyer first), a form that gives a seat to a colleague by phone,
 * and remove / reassign with a confirmation; the seat the caller holds of someone else's
 * membership; an empty state that links to /vipopen with the per-seat commodity chosen. Cards on
 * a phone, never a sideways scroll; every control 44 px high.
 */
export function AccountSeatsPage() {
  const seats = useMySeats();

  if (!seats.data) {
    if (seats.isError) return <Alert type="error" showIcon title={seats.error.message} />;
    return <SeatsSkeleton />;
  }
  const { groups, held } = seats.data;
  return (
    <div className="sp-account__sections">
      {held && <HeldSeatBox held={held} />}
      {/* A colleague holding a seat is not offered seats to buy; an owner sees theirs. */}
      {groups.length === 0
        ? !held && <EmptySeats />
        : groups.map((group) => <Group key={group.commodityId} group={group} />)}
    </div>
  );
}

/** The loading state: the size of a group with three seats, so nothing moves when it arrives. */
function SeatsSkeleton() {
  return (
    <section className="sp-box sp-seats" aria-busy="true">
      <div className="sp-box__body">
        <Skeleton active title paragraph={{ rows: 2 }} className="sp-seats__skeleton-head" />
        <div className="sp-seats__list">
          {[0, 1, 2].map((i) => (
            <Skeleton.Node key={i} active className="sp-seats__skeleton-card">
              <span />
            </Skeleton.Node>
          ))}
        </div>
      </div>
    </section>
  );
}

/** No seats bought: what they are and where to buy them. */
function EmptySeats() {
  const { t } = useTranslation();
  const info = useBuyVipInfo();
  const perSeat = info.data?.commodities.find((c) => c.perSeat);
  const to = perSeat ? `/vipopen?ids=${perSeat.id}&count=3` : '/vipopen';
  return (
    <section className="sp-box sp-seats" aria-labelledby="seats-empty">
      <h2 className="sp-box__title" id="seats-empty">
        {t('seats.title')}
      </h2>
      <div className="sp-box__body sp-seats__empty">
        <TeamOutlined className="sp-seats__empty-icon" aria-hidden />
        <p className="sp-seats__empty-title">{t('seats.emptyTitle')}</p>
        <p className="sp-muted">{t('seats.intro')}</p>
        <p className="sp-muted">{t('seats.emptyText')}</p>
        <Link to={to} className="sp-buttonlink sp-buttonlink--gold sp-seats__tap">
          {t('seats.buy')}
        </Link>
      </div>
    </section>
  );
}

/** The seat the caller holds: whose it is and whether it is in effect. */
function HeldSeatBox({ held }: { held: HeldSeat }) {
  const { t } = useTranslation();
  return (
    <section className="sp-box" aria-labelledby="seats-held" data-testid="held-seat">
      <h2 className="sp-box__title" id="seats-held">
        {t('seats.held.title')}
      </h2>
      <div className="sp-box__body">
        <p className="sp-seats__held">
          {t('seats.held.text', { owner: held.ownerCompany ?? held.ownerName })}{' '}
          <Tag color={held.active ? 'gold' : undefined}>
            {held.active ? t('seats.held.active') : t('seats.held.inactive')}
          </Tag>
        </p>
        <p className="sp-muted">
          {t('seats.held.contact', { name: held.ownerName, phone: held.ownerPhone })}
          {held.expiresAt && ` · ${t('seats.held.expires', { date: day(held.expiresAt) })}`}
        </p>
      </div>
    </section>
  );
}

/** One per-seat commodity: figures, the invite form and the seats. */
function Group({ group }: { group: SeatGroup }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const invite = useInviteSeat();
  const [form] = Form.useForm<{ phone: string }>();
  const [error, setError] = useState<string | null>(null);
  const full = group.used >= group.bought;
  const headingId = `seats-${group.commodityId}`;

  const submit = ({ phone }: { phone: string }) => {
    setError(null);
    invite.mutate(
      { commodityId: group.commodityId, phone },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success(t('seats.invited', { phone }));
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <section className="sp-box sp-seats" aria-labelledby={headingId}>
      <h2 className="sp-box__title" id={headingId}>
        {t('seats.title')} · {group.name}
        <Link to="/vipopen" className="sp-buttonlink sp-buttonlink--gold">
          {t('seats.buyMore')}
        </Link>
      </h2>
      <div className="sp-box__body">
        <dl className="sp-seats__figures">
          <div>
            <dt>{t('seats.bought')}</dt>
            <dd data-testid="seats-bought">{group.bought}</dd>
          </div>
          <div>
            <dt>{t('seats.used')}</dt>
            <dd data-testid="seats-used">{group.used}</dd>
          </div>
          <div>
            <dt>{t('seats.expires')}</dt>
            <dd>{group.expiresAt ? day(group.expiresAt) : '—'}</dd>
          </div>
        </dl>
        {!group.active && (
          <Alert type="warning" showIcon title={t('seats.lapsed')} className="sp-seats__alert" />
        )}
        <Form
          form={form}
          layout="vertical"
          className="sp-seats__invite"
          onFinish={submit}
          disabled={full || !group.active}
          requiredMark={false}
        >
          <Form.Item
            name="phone"
            label={t('seats.invitePhone')}
            extra={full ? t('seats.full') : t('seats.inviteHint')}
            validateFirst
            rules={[
              { required: true, message: t('form.phoneRequired') },
              { pattern: PHONE, message: t('form.phoneInvalid') },
            ]}
          >
            <Input
              inputMode="numeric"
              maxLength={11}
              placeholder={t('seats.invitePlaceholder')}
              autoComplete="off"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={invite.isPending} className="sp-seats__tap">
            {t('seats.invite')}
          </Button>
        </Form>
        {error && <Alert type="error" showIcon title={error} className="sp-seats__alert" role="alert" />}
        <ul className="sp-seats__list" aria-label={t('seats.listLabel')}>
          {group.seats.map((seat) => (
            <SeatCard key={seat.id ?? 'owner'} seat={seat} />
          ))}
        </ul>
      </div>
    </section>
  );
}

/** One seat: holder, masked phone, state and date; remove and reassign for a colleague's. */
function SeatCard({ seat }: { seat: SeatItem }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const remove = useRemoveSeat();
  const [reassigning, setReassigning] = useState(false);
  const who = seat.name ?? seat.phone;
  const stateText = seat.state === 'seated' ? t('seats.state.seated') : t('seats.state.invited');

  const confirmRemove = () =>
    modal.confirm({
      title: t('seats.removeTitle'),
      content: t('seats.removeText', { who }),
      okText: t('seats.remove'),
      okButtonProps: { danger: true },
      cancelText: t('seats.cancel'),
      onOk: () =>
        seat.id !== null &&
        remove
          .mutateAsync(seat.id)
          .then(() => message.success(t('seats.removed')))
          .catch((err: Error) => message.error(err.message)),
    });

  return (
    <li className="sp-seats__card" data-testid="seat-card">
      <div className="sp-seats__who">
        <span className="sp-seats__name">
          {seat.owner ? t('seats.you', { name: seat.name ?? '' }) : (seat.name ?? t('seats.pending'))}
        </span>
        <span className="sp-seats__phone">{seat.phone}</span>
      </div>
      <div className="sp-seats__meta">
        <Tag color={seat.state === 'seated' ? 'blue' : 'orange'}>{stateText}</Tag>
        {seat.state === 'seated' && !seat.effective && <Tag>{t('seats.suspended')}</Tag>}
        <span className="sp-muted">{t('seats.since', { date: day(seat.since) })}</span>
      </div>
      {seat.id !== null && (
        <div className="sp-seats__actions">
          <Button className="sp-seats__tap" onClick={() => setReassigning(true)}>
            {t('seats.reassign')}
          </Button>
          <Button className="sp-seats__tap" danger onClick={confirmRemove} loading={remove.isPending}>
            {t('seats.remove')}
          </Button>
        </div>
      )}
      {reassigning && seat.id !== null && (
        <ReassignDialog seatId={seat.id} who={who} onClose={() => setReassigning(false)} />
      )}
    </li>
  );
}

/** The confirmation of a reassignment: the new colleague's phone, then the confirm button. */
function ReassignDialog({ seatId, who, onClose }: { seatId: number; who: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const reassign = useReassignSeat();
  const [form] = Form.useForm<{ phone: string }>();
  const [error, setError] = useState<string | null>(null);

  const submit = ({ phone }: { phone: string }) => {
    setError(null);
    reassign.mutate(
      { id: seatId, phone },
      {
        onSuccess: () => {
          void message.success(t('seats.reassigned'));
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Modal
      open
      title={t('seats.reassignTitle')}
      okText={t('seats.reassignOk')}
      cancelText={t('seats.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={reassign.isPending}
      destroyOnHidden
    >
      <p>{t('seats.reassignText', { who })}</p>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="phone"
          label={t('seats.invitePhone')}
          validateFirst
          rules={[
            { required: true, message: t('form.phoneRequired') },
            { pattern: PHONE, message: t('form.phoneInvalid') },
          ]}
        >
          <Input
            inputMode="numeric"
            maxLength={11}
            placeholder={t('seats.invitePlaceholder')}
            autoComplete="off"
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}
