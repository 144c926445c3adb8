export declare const CHROMIUM_ARGS: string[];
export declare const chromiumPath: () => string | undefined;
