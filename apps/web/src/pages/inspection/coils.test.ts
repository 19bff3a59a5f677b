import { describe, expect, it } from 'vitest';
import { coilProblem, splitCoils } from './coils.ts';

describe('coil numbers as typed', () => {
  it('splits on lines, commas and spaces, upper-cases and drops repeats', () => {
    expect(splitCoils('b24h0312765\nSG-2409-0012， B24H0312765  MG1234567')).toEqual([
      'B24H0312765',
      'SG-2409-0012',
      'MG1234567',
    ]);
  });
  it('names the first malformed coil number, or says none was given', () => {
    expect(coilProblem('')).toEqual({ kind: 'empty' });
    expect(coilProblem('B24H0312765 ab')).toEqual({ kind: 'bad', coil: 'AB' });
    expect(coilProblem('B24H0312765 <x>')).toEqual({ kind: 'bad', coil: '<X>' });
    expect(coilProblem(Array.from({ length: 51 }, (_, i) => `COIL${i + 1000}`).join(' '))).toEqual({
      kind: 'tooMany',
    });
    expect(coilProblem('B24H0312765')).toBeNull();
  });
});
