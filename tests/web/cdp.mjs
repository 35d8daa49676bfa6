// A small client of Chromium's DevTools protocol over --remote-debugging-pipe (the browser reads
// JSON messages ending in a NUL byte on its fd 3 and writes them on fd 4): no WebSocket, no npm.
import { spawn } from 'node:child_process';

export class Browser {
  /// Starts `chromium` headless with a fresh profile in `profile` and the given extra arguments.
  constructor(chromium, profile, extra = []) {
    const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      `--user-data-dir=${profile}`, '--remote-debugging-pipe', ...extra, 'about:blank'];
    this.proc = spawn(chromium, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    this.stderr = '';
    this.proc.stderr.on('data', (d) => { this.stderr = (this.stderr + d).slice(-4000); });
    this.exited = new Promise((ok) => this.proc.once('exit', ok));
    this.next = 0;
    this.pending = new Map();
    this.listeners = new Set();
    let buf = Buffer.alloc(0);
    this.proc.stdio[4].on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      for (let end; (end = buf.indexOf(0)) >= 0; buf = buf.subarray(end + 1))
        this.dispatch(JSON.parse(buf.subarray(0, end).toString('utf8')));
    });
    this.proc.once('exit', () => {
      for (const p of this.pending.values()) p.fail(new Error(`chromium exited: ${this.stderr}`));
      this.pending.clear();
    });
  }

  dispatch(msg) {
    if (msg.id !== undefined) {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.error) p.fail(new Error(`${p.method}: ${msg.error.message}`));
      else p.ok(msg.result);
    } else {
      for (const l of this.listeners) l(msg);
    }
  }

  /// Sends a command (to the page's session when sessionId is given); its result.
  send(method, params = {}, sessionId = undefined) {
    const id = ++this.next;
    const msg = { id, method, params };
    if (sessionId) msg.sessionId = sessionId;
    this.proc.stdio[3].write(JSON.stringify(msg) + '\0');
    return new Promise((ok, fail) => this.pending.set(id, { ok, fail, method }));
  }

  /// The first page target, attached: a function sending commands to it.
  async page() {
    const { targetInfos } = await this.send('Target.getTargets');
    const target = targetInfos.find((t) => t.type === 'page');
    const { sessionId } = await this.send('Target.attachToTarget',
      { targetId: target.targetId, flatten: true });
    return (method, params) => this.send(method, params, sessionId);
  }

  async close() {
    try {
      await Promise.race([this.send('Browser.close'), new Promise((ok) => setTimeout(ok, 3000))]);
    } catch {
      // already gone
    }
    const late = setTimeout(() => this.proc.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(late);
  }
}
