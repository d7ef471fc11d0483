/** The repository root, with a trailing slash (relative paths in the config, such as the source list, start here). */
export { REPO_ROOT } from '@trendscope/core';
