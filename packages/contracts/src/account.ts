import { type Static, Type } from 'typebox';
import { MyInfo } from './user.ts';

/**
 * Lengths of the account fields; the schemas below use them and the portal's inputs stop there,
 * so a form cannot send what the server would refuse.
 */
export const ACCOUNT_LIMITS = {
  phoneLength: 11,
  smsCodeLength: 6,
  /** a new password (see PASSWORD_PATTERN) */
  newPasswordMax: 32,
  /** a password typed to log in or to confirm a change: older passwords may be longer */
  passwordMax: 64,
  linkManMax: 20,
  companyMax: 60,
} as const;

/** Mainland mobile numbers: 11 digits starting 13-19. */
export const PHONE_PATTERN = '^1[3-9]\\d{9}$';
export const Phone = Type.String({ pattern: PHONE_PATTERN, description: '手机号' });

/** 8-32 characters with at least one letter and one digit. */
export const PASSWORD_PATTERN = '^(?=.*[A-Za-z])(?=.*\\d)[\\x21-\\x7e]{8,32}$';
export const Password = Type.String({ pattern: PASSWORD_PATTERN, description: '8-32位，含字母和数字' });

export const SmsPurpose = Type.Union([
  Type.Literal('register'),
  Type.Literal('login'),
  Type.Literal('reset'),
]);
export type SmsPurpose = Static<typeof SmsPurpose>;

/**
 * What a login form says when the server wants an image captcha before it looks at the request
 * (code 7): the form then shows the captcha of `GET /api/uaa/captcha` and sends its answer with
 * the next try. Asked for after the first SMS codes of a phone or an address, and after many
 * wrong passwords for a phone or from an address, instead of a lock a stranger could set.
 */
export const CAPTCHA_REQUIRED_MESSAGE = '请输入图片验证码后继续';
/** CAPTCHA_REQUIRED_MESSAGE as a request in English is answered (issue 31). */
export const CAPTCHA_REQUIRED_MESSAGE_EN = 'Enter the characters in the picture to continue';
/** A wrong image-captcha answer (code 1); each captcha is answered once, right or wrong. */
export const CAPTCHA_WRONG_MESSAGE = '图片验证码错误，请重新输入';
/** CAPTCHA_WRONG_MESSAGE in English. */
export const CAPTCHA_WRONG_MESSAGE_EN = 'Wrong picture characters; please enter them again';

/** The image captcha's id and the text read from it, sent along once the server asked for one. */
const CaptchaAnswer = {
  captchaId: Type.Optional(
    Type.String({ maxLength: 64, description: '图片验证码 id（GET /api/uaa/captcha）' }),
  ),
  captchaText: Type.Optional(Type.String({ maxLength: 10, description: '图片验证码中的字符' })),
};

export const SmsSendBody = Type.Object({ phone: Phone, purpose: SmsPurpose, ...CaptchaAnswer });
export type SmsSendBody = Static<typeof SmsSendBody>;
export const SmsSent = Type.Object({
  resendAfterSeconds: Type.Integer(),
  expiresInSeconds: Type.Integer(),
});
export type SmsSent = Static<typeof SmsSent>;

export const SmsCode = Type.String({ pattern: '^\\d{6}$', description: '短信验证码' });

export const RegisterBody = Type.Object({
  phone: Phone,
  code: SmsCode,
  password: Password,
  linkMan: Type.String({ minLength: 1, maxLength: ACCOUNT_LIMITS.linkManMax, description: '联系人' }),
  company: Type.Optional(
    Type.String({ maxLength: ACCOUNT_LIMITS.companyMax, description: '公司名称（选填）' }),
  ),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const PasswordLoginBody = Type.Object({
  phone: Phone,
  password: Type.String({ minLength: 1, maxLength: ACCOUNT_LIMITS.passwordMax }),
  ...CaptchaAnswer,
});
export type PasswordLoginBody = Static<typeof PasswordLoginBody>;

/** Login with an SMS code (purpose `login`): also the way in while password login is locked. */
export const SmsLoginBody = Type.Object({ phone: Phone, code: SmsCode });
export type SmsLoginBody = Static<typeof SmsLoginBody>;

/** 忘记密码: a new password set with an SMS code (purpose `reset`); every session ends. */
export const ResetPasswordBody = Type.Object({ phone: Phone, code: SmsCode, password: Password });
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** What every login answers: the token (given once) and the user. */
export const LoginResult = Type.Object({ token: Type.String(), user: MyInfo });
export type LoginResult = Static<typeof LoginResult>;

export const QrState = Type.Union([
  Type.Literal('waiting'),
  Type.Literal('scanned'),
  Type.Literal('confirmed'),
  Type.Literal('cancelled'),
  Type.Literal('expired'),
]);
export type QrState = Static<typeof QrState>;

export const QrCreated = Type.Object({
  tempCode: Type.String(),
  /** data:image/png;base64,... */
  qrImage: Type.String(),
  /** the address the QR encodes: our mobile confirm page */
  qrUrl: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
  expiresInSeconds: Type.Integer(),
});
export type QrCreated = Static<typeof QrCreated>;

export const QrQueryBody = Type.Object({
  clientId: Type.Integer({ minimum: 1, maximum: 9 }),
  tempCode: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }),
});

export const QrQueryResult = Type.Object({
  state: QrState,
  /** only once, when confirmed */
  token: Type.Optional(Type.String()),
  user: Type.Optional(MyInfo),
});
export type QrQueryResult = Static<typeof QrQueryResult>;

export const QrConfirmBody = Type.Object({
  clientId: Type.Integer({ minimum: 1, maximum: 9 }),
  tempCode: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }),
  /** the phone opened the page: mark the code scanned */
  scan: Type.Optional(Type.Boolean()),
  cancel: Type.Optional(Type.Boolean()),
});

export const ProfileBody = Type.Object({
  linkMan: Type.String({ minLength: 1, maxLength: ACCOUNT_LIMITS.linkManMax }),
  company: Type.Optional(Type.String({ maxLength: ACCOUNT_LIMITS.companyMax })),
});
export type ProfileBody = Static<typeof ProfileBody>;

export const ChangePasswordBody = Type.Object({
  oldPassword: Type.String({ minLength: 1, maxLength: ACCOUNT_LIMITS.passwordMax }),
  newPassword: Password,
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;
