import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './redirect.ts';

const HERE = 'https://www.steelport.cn';
const ALLOWED = ['https://trade.partner.example'];
const target = (raw: string | null) => safeRedirectTarget(raw, HERE, ALLOWED);

describe('safeRedirectTarget', () => {
  it('goes home without a redirect', () => {
    expect(target(null)).toBe(`${HERE}/`);
    expect(target('')).toBe(`${HERE}/`);
    expect(target('   ')).toBe(`${HERE}/`);
  });

  it('keeps relative and same-origin targets with their query and hash', () => {
    expect(target('/wareHouse?city=上海#list')).toBe(`${HERE}/wareHouse?city=%E4%B8%8A%E6%B5%B7#list`);
    expect(target('beginMain')).toBe(`${HERE}/beginMain`);
    expect(target(`${HERE}/account/profile`)).toBe(`${HERE}/account/profile`);
  });

  it('allows the configured origins only', () => {
    expect(target('https://trade.partner.example/quote?id=3')).toBe(
      'https://trade.partner.example/quote?id=3',
    );
    expect(target('https://evil.example/steal')).toBe(`${HERE}/`);
    // Same host, other scheme or port: another origin.
    expect(target('http://www.steelport.cn/')).toBe(`${HERE}/`);
    expect(target('https://www.steelport.cn:8443/')).toBe(`${HERE}/`);
    expect(target('https://trade.partner.example.evil.example/')).toBe(`${HERE}/`);
  });

  it('sees through protocol-relative, backslash and userinfo tricks', () => {
    expect(target('//evil.example/x')).toBe(`${HERE}/`);
    expect(target('/\\evil.example/x')).toBe(`${HERE}/`);
    expect(target('https://www.steelport.cn@evil.example/')).toBe(`${HERE}/`);
    expect(target('https://user:pw@www.steelport.cn/')).toBe(`${HERE}/`);
  });

  it('refuses script and data URLs', () => {
    expect(target('javascript:alert(1)')).toBe(`${HERE}/`);
    expect(target('JavaScript:alert(1)')).toBe(`${HERE}/`);
    expect(target('data:text/html,<script>alert(1)</script>')).toBe(`${HERE}/`);
  });

  it('never honours a wildcard origin in the configuration', () => {
    expect(safeRedirectTarget('https://evil.example/', HERE, ['*'])).toBe(`${HERE}/`);
  });

  it('does not return to the login pages themselves', () => {
    expect(target('/login?redirect=%2F')).toBe(`${HERE}/`);
    expect(target('/m/qr/abc')).toBe(`${HERE}/`);
    expect(target('/loginHelp')).toBe(`${HERE}/loginHelp`);
  });
});
