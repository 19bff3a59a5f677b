import { describe, expect, it } from 'vitest';
import { describeValidation } from './envelope.ts';

describe('describeValidation', () => {
  it('names each field in Chinese', () => {
    expect(
      describeValidation([
        { instancePath: '/pageSize', keyword: 'maximum', params: { limit: 100 } },
        { instancePath: '', keyword: 'required', params: { missingProperty: 'phone' } },
      ]),
    ).toBe('参数错误：pageSize 不能大于 100；phone 不能为空');
  });

  it('falls back to the request part when the path is empty', () => {
    expect(
      describeValidation([{ instancePath: '', keyword: 'type', params: { type: 'object' } }], 'body'),
    ).toBe('参数错误：body 类型错误，应为 object');
  });
});
