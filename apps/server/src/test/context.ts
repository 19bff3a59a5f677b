/** What the global setups hand to test files through vitest's provide/inject. */
declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { engine: 'pglite'; templateFile: string } | { engine: 'postgres'; templateUrl: string };
  }
}

export {};
