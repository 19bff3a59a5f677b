/**
 * Typed errors. Services throw these; the error handler (plugins/envelope.ts) turns each into the
 * envelope with its code and HTTP status, so no route formats an error answer by hand.
 */
import { Code, type CodeValue } from '@steelport/contracts';

export class AppError extends Error {
  constructor(
    readonly code: CodeValue,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A business rule said no; the message is shown to the user as it is. */
export class BusinessError extends AppError {
  constructor(message: string) {
    super(Code.Business, message);
  }
}

/** Bad input the schema could not catch (cross-field rules); the message names the field. */
export class Invalid extends AppError {
  constructor(message: string) {
    super(Code.Invalid, message);
  }
}

export class TokenExpired extends AppError {
  constructor() {
    super(Code.TokenExpired, 'token过期,需要重新登录');
  }
}

export class NeedLogin extends AppError {
  constructor(message = '请先登录') {
    super(Code.NeedLogin, message);
  }
}

/** VIP membership or beans are needed; also used for role checks the user could earn. */
export class NeedVip extends AppError {
  constructor(message = '该功能需要开通免豆会员') {
    super(Code.NeedVip, message);
  }
}

/** Logged in but not allowed (a member on an admin route). Code 5 is the 'not entitled' code. */
export class Forbidden extends AppError {
  constructor(message = '没有权限执行此操作') {
    super(Code.NeedVip, message);
  }
}

export class NotFound extends AppError {
  constructor(message = '记录不存在') {
    super(Code.NotFound, message);
  }
}

export class TooMany extends AppError {
  constructor(message = '操作过于频繁，请稍后再试') {
    super(Code.TooMany, message);
  }
}
