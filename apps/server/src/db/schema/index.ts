export * from './dictionary.ts';
export * from './users.ts';
