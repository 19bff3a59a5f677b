/**
 * Typed errors. Services throw these; the error handler (plugins/envelope.ts) turns each into the
 * envelope with its code and HTTP status, so no route formats an error answer by hand. A message
 * is written in both languages with `say('中文', 'English')` (text.ts) and answered in the
 * request's language; `message` stays the Chinese one (logs, tests). A plain string reads the same
 * in both languages: `errors-english.test.ts` fails on a Chinese literal that is not wrapped.
 */
import { Code, type CodeValue, type Lang } from '@steelport/contracts';
import { bothOf, type LocalText, type Message, say, textIn } from './text.ts';

export class AppError extends Error {
  /** The message in both languages. */
  readonly text: LocalText;
  constructor(
    readonly code: CodeValue,
    message: Message,
  ) {
    const text = bothOf(message);
    super(text.zh);
    this.text = text;
    this.name = new.target.name;
  }

  /** The message in `lang`. */
  messageIn(lang: Lang): string {
    return textIn(this.text, lang);
  }
}

/** A business rule said no; the message is shown to the user as it is. */
export class BusinessError extends AppError {
  constructor(message: Message) {
    super(Code.Business, message);
  }
}

/** Bad input the schema could not catch (cross-field rules); the message names the field. */
export class Invalid extends AppError {
  constructor(message: Message) {
    super(Code.Invalid, message);
  }
}

export class TokenExpired extends AppError {
  constructor() {
    super(Code.TokenExpired, say('token过期,需要重新登录', 'Your session has expired, please log in again'));
  }
}

export class NeedLogin extends AppError {
  constructor(message: Message = say('请先登录', 'Please log in first')) {
    super(Code.NeedLogin, message);
  }
}

/** VIP membership or beans are needed; also used for role checks the user could earn. */
export class NeedVip extends AppError {
  constructor(
    message: Message = say('该功能需要开通免豆会员', 'This feature needs the bean-free membership'),
  ) {
    super(Code.NeedVip, message);
  }
}

/** Logged in but not allowed (a member on an admin route). Code 5 is the 'not entitled' code. */
export class Forbidden extends AppError {
  constructor(message: Message = say('没有权限执行此操作', 'You are not allowed to do this')) {
    super(Code.NeedVip, message);
  }
}

export class NotFound extends AppError {
  constructor(message: Message = say('记录不存在', 'Record not found')) {
    super(Code.NotFound, message);
  }
}

export class TooMany extends AppError {
  constructor(
    message: Message = say('操作过于频繁，请稍后再试', 'Too many requests, please try again later'),
    /**
     * Whole seconds until the refused action is allowed again, when the limit knows them: the
     * envelope answers them as `retryAfterSeconds` and the `Retry-After` header.
     */
    readonly retryAfterSeconds?: number,
  ) {
    super(Code.TooMany, message);
  }
}
