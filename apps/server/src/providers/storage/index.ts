/**
 * File storage behind one interface (`types.ts`): the disk under DATA_DIR/uploads (`disk.ts`),
 * the one store there is; an S3-compatible one would be chosen here by configuration. Modules
 * import this file, never a store's own.
 */
export { diskStore } from './disk.ts';
export type { FileStore } from './types.ts';
