export declare const PREPARABLE: RegExp;
export declare const MAX_PREPARED_STATEMENTS: number;
