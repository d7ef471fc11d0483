import cluster from 'node:cluster';
import { loadConfigOrExit } from '@trendscope/core';

// The API entry point: one process serving API_PORT, or (API_PROCESSES > 1) a node:cluster primary
// that runs that many API processes on the port and watches over them.
const config = loadConfigOrExit(process.env);
if (config.api.processes > 1 && cluster.isPrimary) {
  const { runApiPrimary } = await import('./api-primary');
  await runApiPrimary(config);
} else {
  const { runApiProcess } = await import('./api-process');
  await runApiProcess(config);
}
