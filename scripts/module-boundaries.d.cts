/** The server's modules from the bottom up (see module-boundaries.cjs); buildApp registers them in this order. */
export declare const serverLayers: readonly string[];
