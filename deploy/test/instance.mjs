#!/usr/bin/env node
/**
 * The deployment test's stand-in for systemd (deploy/systemd/steelport@.service): starts, stops
 * and restarts one compiled instance by port, detached, with its pid and log in the work
 * directory and its environment from `<work>/instance.env.json`.
 *
 *   node deploy/test/instance.mjs start|stop|restart <port> <work directory>
 *
 * `stop` sends SIGTERM and waits for the process to end (as systemd does, up to 30 s, then
 * SIGKILL).
 */
import { spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const STOP_TIMEOUT_MS = 30_000;

/** Whether `pid` runs: an ended child nobody has reaped yet (a zombie) counts as ended. */
export function alive(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return true;
  }
}

export function startInstance(port, work) {
  const env = JSON.parse(readFileSync(path.join(work, 'instance.env.json'), 'utf8'));
  const log = openSync(path.join(work, `instance-${port}.log`), 'a');
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
    { cwd: root, env: { ...env, PORT: String(port) }, detached: true, stdio: ['ignore', log, log] },
  );
  child.unref();
  writeFileSync(path.join(work, `instance-${port}.pid`), String(child.pid));
  return child.pid;
}

export async function stopInstance(port, work) {
  const pidFile = path.join(work, `instance-${port}.pid`);
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  if (alive(pid)) process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(pidFile, { force: true });
  return Date.now() - (deadline - STOP_TIMEOUT_MS);
}

async function cli() {
  const [command, portText, work] = process.argv.slice(2);
  const port = Number(portText);
  if (!['start', 'stop', 'restart'].includes(command) || !Number.isInteger(port) || !work) {
    console.error('usage: node deploy/test/instance.mjs start|stop|restart <port> <work directory>');
    process.exit(2);
  }
  if (command !== 'start') {
    const ms = await stopInstance(port, work);
    console.log(`instance ${port} stopped in ${ms} ms`);
  }
  if (command !== 'stop') startInstance(port, work);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await cli();
