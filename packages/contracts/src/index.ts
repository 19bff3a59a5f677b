export * from './account.ts';
export * from './codes.ts';
export * from './common.ts';
export * from './constants.ts';
export * from './envelope.ts';
export * from './spec.ts';
export * from './user.ts';
