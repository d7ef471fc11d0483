export { createConsoleRouter, type ConsoleDeps } from './console.router';
