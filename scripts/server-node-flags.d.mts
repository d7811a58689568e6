/** The Node flags the server runs with (server-node-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
