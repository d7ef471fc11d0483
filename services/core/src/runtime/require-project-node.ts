import { rerunUnderProjectNode } from './project-node';

// Imported first by hand-run tools (`node --import tsx <tool>.ts`): from a shell whose Node is too
// old the tool re-runs under the project's Node before any other module (undici) loads.
rerunUnderProjectNode(process.argv[1] ?? 'this tool', { block: true });
