import type { AdminInspectionStatus } from '@steelport/contracts';

/** The color of each inspection state's tag in the console. */
export const STATUS_COLORS: Record<AdminInspectionStatus, string> = {
  requested: 'orange',
  accepted: 'blue',
  in_progress: 'processing',
  done: 'green',
  cancelled: 'default',
};
