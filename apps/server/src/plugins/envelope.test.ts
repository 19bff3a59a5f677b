import { describe, expect, it } from 'vitest';
import { describeValidation } from './envelope.ts';

describe('describeValidation', () => {
  it('names each field in Chinese, and in English', () => {
    const message = describeValidation([
      { instancePath: '/pageSize', keyword: 'maximum', params: { limit: 100 } },
      { instancePath: '', keyword: 'required', params: { missingProperty: 'phone' } },
    ]);
    expect(message.zh).toBe('参数错误：pageSize 不能大于 100；phone 不能为空');
    expect(message.en).toBe('Invalid request: pageSize must not be greater than 100; phone is required');
  });

  it('falls back to the request part when the path is empty', () => {
    const message = describeValidation(
      [{ instancePath: '', keyword: 'type', params: { type: 'object' } }],
      'body',
    );
    expect(message.zh).toBe('参数错误：body 类型错误，应为 object');
    expect(message.en).toBe('Invalid request: body has the wrong type, expected object');
  });

  it('quotes the schema description only in Chinese, where it is written', () => {
    const issue = {
      instancePath: '/phone',
      keyword: 'pattern',
      parentSchema: { description: '11 位手机号' },
    };
    expect(describeValidation([issue])).toEqual({
      zh: '参数错误：phone 格式不正确（11 位手机号）',
      en: 'Invalid request: phone is not in the right format',
    });
  });
});
