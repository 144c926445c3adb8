export declare const PREPARABLE: RegExp;
export declare const MAX_PREPARED_STATEMENTS: number;
export declare const PLAN_PER_VALUES: string;
export declare const inlineValues: (
  sql: string,
  texts: readonly (string | null | Uint8Array)[],
) => string | null;
