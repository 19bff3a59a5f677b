import { AFFAIR_KINDS, type AffairKind } from '@steelport/contracts';

/** The kind in `?kind=`, or undefined for all (an unknown value reads as all). */
export function kindFromParam(value: string | null): AffairKind | undefined {
  return AFFAIR_KINDS.find((k) => k === value);
}
