/** Types of project-node.mjs (plain JavaScript so the CLI launcher can use it before any install). */
export declare const MIN_NODE_MAJOR: number;
export declare const REPO_ROOT: string;
export declare function projectNode(): string | undefined;
export declare function isProjectNodeVersion(version?: string): boolean;
export declare function rerunUnderProjectNode(command: string, opts?: { block?: boolean }): boolean;
