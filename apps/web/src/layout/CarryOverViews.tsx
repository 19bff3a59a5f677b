/**
 * What a carried-over login (auth/carryOver.ts) leaves for the page to say (loaded only when this
 * tab holds such news: CarryOverNotice.tsx). A login for another
 * account than the one already logged in asks which account to keep — a link someone else built
 * with their own token must not silently swap the account; a first carried login says who is now
 * logged in, with a way out for someone who did not log in.
 */
import '../i18n/login.ts';
import { type LoginUser, SIGNUP_BEANS } from '@steelport/contracts';
import { Alert, Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CARRY_ARRIVED,
  CARRY_PENDING,
  CARRY_WELCOME,
  type CarriedParams,
  storeCarriedLogin,
} from '../auth/carryOver.ts';
import { useLogout } from '../auth/hooks.ts';
import { useSession } from '../auth/session.ts';
import { readItem, removeItem, StorageKey, tabStorage, writeItem } from '../auth/storage.ts';
import { BeanGuide } from '../components/beans/BeanGuide.tsx';
import { useFeedback } from '../lib/feedback.ts';
import { formatCount } from '../lib/numbers.ts';

/** The contact name with the company in brackets, or the name alone; `short`: the name alone. */
function who(user: Partial<LoginUser> | null, fallback: string, short = false): string {
  const name = user?.linkMan || fallback;
  return user?.company?.name && !short ? `${name}（${user.company.name}）` : name;
}

function parse<T>(raw: string | null | undefined): T | null {
  try {
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function CarryOverConflict() {
  const { t } = useTranslation();
  const { notification } = useFeedback();
  const { loginUser } = useSession();
  const logout = useLogout(null);
  const [pending, setPending] = useState(() => parse<CarriedParams>(tabStorage.getItem(CARRY_PENDING)));
  useEffect(() => {
    const arrived = tabStorage.getItem(CARRY_ARRIVED);
    if (arrived === null) return;
    tabStorage.removeItem(CARRY_ARRIVED);
    const key = 'carry-over-arrived';
    notification.info({
      key,
      title: t('carryOver.arrived', { who: who(parse<LoginUser>(arrived), t('carryOver.someone')) }),
      description: t('carryOver.notYou'),
      actions: (
        <Button
          size="small"
          onClick={() => {
            notification.destroy(key);
            logout();
          }}
        >
          {t('carryOver.logout')}
        </Button>
      ),
    });
  }, [notification, logout, t]);

  if (!pending) return null;
  const nextUser = parse<LoginUser>(pending[StorageKey.loginUser]);
  const someone = t('carryOver.someone');
  const keepCurrent = () => {
    tabStorage.removeItem(CARRY_PENDING);
    setPending(null);
  };
  const switchAccount = () => {
    tabStorage.removeItem(CARRY_PENDING);
    storeCarriedLogin({ getItem: readItem, setItem: writeItem, removeItem }, pending);
    // Everything this tab holds (queries, the header, open forms) belonged to the other account.
    window.location.reload();
  };
  return (
    <Modal
      open
      title={t('carryOver.conflictTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={[
        <Button key="keep" onClick={keepCurrent}>
          {t('carryOver.keep', { who: who(loginUser, someone, true) })}
        </Button>,
        <Button key="switch" type="primary" onClick={switchAccount}>
          {t('carryOver.switch', { who: who(nextUser, someone, true) })}
        </Button>,
      ]}
    >
      <p>{t('carryOver.conflict', { next: who(nextUser, someone), current: who(loginUser, someone) })}</p>
    </Modal>
  );
}

/**
 * A new member, just registered (the carried login said `registered`): the page they land on
 * opens with a welcome at its top — the beans they start with (SIGNUP_BEANS), what beans buy and
 * how to get more (BeanGuide), a link to 钢豆明细 and its 每日签到 — still naming the account with
 * 退出. It is there from the first paint (no layout shift) and stays until closed or left.
 */
export function WelcomeBanner() {
  const { t } = useTranslation();
  const logout = useLogout(null);
  const [welcomed, setWelcomed] = useState(() => tabStorage.getItem(CARRY_WELCOME));
  useEffect(() => {
    if (welcomed !== null) tabStorage.removeItem(CARRY_WELCOME);
  }, [welcomed]);
  if (welcomed === null) return null;
  return (
    <div className="sp-container sp-welcome" data-testid="welcome">
      <Alert
        type="success"
        showIcon
        closable={{ onClose: () => setWelcomed(null), 'aria-label': t('carryOver.welcomeClose') }}
        title={t('carryOver.welcome', { who: who(parse<LoginUser>(welcomed), t('carryOver.someone'), true) })}
        description={
          <>
            <p>{t('carryOver.welcomeBeans', { beans: formatCount(SIGNUP_BEANS) })}</p>
            <BeanGuide />
            <p>
              <Link className="sp-welcome__more" to="/account/beans" onClick={() => setWelcomed(null)}>
                {t('carryOver.welcomeMore')}
              </Link>
            </p>
            <p className="sp-muted">
              {t('carryOver.notYou')}{' '}
              <Button className="sp-welcome__logout" onClick={logout}>
                {t('carryOver.logout')}
              </Button>
            </p>
          </>
        }
      />
    </div>
  );
}
