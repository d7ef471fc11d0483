// How the project's Node is found and a command re-run under it lives in bin/project-node.mjs
// (plain JavaScript, for the CLI launcher that runs before any install); TypeScript imports it here.
export { isProjectNodeVersion, MIN_NODE_MAJOR, rerunUnderProjectNode } from '../../bin/project-node.mjs';
