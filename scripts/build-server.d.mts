/** Bundles the server into `outdir`, from the checkout at `root` (build-server.mjs). */
export declare function buildServer(outdir: string, root?: string): Promise<void>;
