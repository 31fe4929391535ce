// `npm start`: build the app, then run the server in this very process. npm passes SIGTERM and
// SIGINT on to its script's process (and sh runs a lone command in place of itself), so stopping
// npm's pid — or this one — stops the server cleanly; nothing is left running (issue 12).
// Plain JavaScript: the server itself is compiled, and this runs before any build exists.
import { spawn } from 'node:child_process';

const stopSignals = ['SIGINT', 'SIGTERM'];

const built = await new Promise((resolve) => {
  const build = spawn('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  // a stop during the build ends the build too (it is this process's child, not npm's)
  const stop = (signal) => build.kill(signal);
  for (const signal of stopSignals) process.on(signal, stop);
  build.on('exit', (code, signal) => {
    for (const s of stopSignals) process.off(s, stop);
    resolve(code === 0 && !signal);
  });
});
if (!built) process.exit(1);

process.setSourceMapsEnabled(true);
await import('../dist/server/main.js');
