#!/usr/bin/env node
// The `trendscope` command moved to services/cli. Installs made before the move link
// node_modules/.bin/trendscope here until `npm ci` runs again, so this forwards to it: a plain
// `npx trendscope` keeps working in such a checkout (the launcher then reinstalls as needed).
// eslint-disable-next-line no-restricted-imports -- runs before the workspace packages are installed
import '../../cli/bin/trendscope.js';
