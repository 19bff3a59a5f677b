/** Coil numbers as a person types them: one per line or separated by commas, semicolons or spaces. */
import { COIL_NUMBER_PATTERN, INSPECTION_LIMITS } from '@steelport/contracts';

const COIL = new RegExp(COIL_NUMBER_PATTERN);

/** The coil numbers in `text`, upper-cased and without repeats, in the order typed. */
export function splitCoils(text: string | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(/[\s,，;；、]+/)
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}

/** What is wrong with the typed coil numbers, or null: `empty`, `tooMany`, or the first bad one. */
export function coilProblem(
  text: string | undefined,
): { kind: 'empty' } | { kind: 'tooMany' } | { kind: 'bad'; coil: string } | null {
  const coils = splitCoils(text);
  if (coils.length === 0) return { kind: 'empty' };
  if (coils.length > INSPECTION_LIMITS.coilsMax) return { kind: 'tooMany' };
  const bad = coils.find((c) => !COIL.test(c));
  return bad ? { kind: 'bad', coil: bad } : null;
}
