// Online play in the page: two pages in headless Chromium and one native headless client in one
// arena-server match on loopback, to its end:
//   node online_test.mjs BIN_DIR CHROMIUM NATIVE_ARENA OUT_DIR
// arena-server (beside NATIVE_ARENA) listens on 127.0.0.1, a port of its own, for one short match.
// Page A is served by a test server whose `POST /quick-play` first fails (the page says so in one
// line and stays on the title), then answers the arena-server's url and a token: A types a name in
// the page's field, clicks the title's Play online, joins, and steers (its own agent answers at
// once: prediction). Page B opens with ?connect=ws://... and joins at once. A native `arena
// --connect --headless --pilot novice` plays too. At the end every client names the server's final
// hash, the server's recorded replay verifies natively, A's Watch replay plays the match in the
// theatre, B's Save replay downloads a file that verifies natively to the same hash, and A's name
// is still in its field after a reload. No console error is allowed but the quick-play refusal's.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Browser } from './cdp.mjs';
import { decodePng, pictureStats } from './png.mjs';

const [binDir, chromium, nativeArena, outDir] = process.argv.slice(2);
if (!outDir) {
  console.error('usage: node online_test.mjs BIN_DIR CHROMIUM NATIVE_ARENA OUT_DIR');
  process.exit(2);
}
const serverBin = join(dirname(nativeArena), 'arena-server');
const { serve } = await import(pathToFileURL(join(binDir, 'serve.mjs')).href);
const SCREEN = { TITLE: 0, PLAY: 1, RESULTS: 5, THEATRE: 9 }; // app.h's app_screen
const ONLINE_PLAYING = 1; // net_client_state's NET_CLIENT_PLAYING
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
let failures = 0, passes = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok' : 'FAILED'}: ${what}`);
  if (ok) passes++;
  else failures++;
  return ok;
}

/// One page in a browser of its own (a background tab of a shared browser would be throttled).
class GamePage {
  constructor(name) {
    this.name = name;
    this.profile = mkdtempSync(join(tmpdir(), `arena-online-${name}-`));
    this.browser = new Browser(chromium, this.profile, ['--window-size=960,540']);
    this.lines = [];
    this.problems = [];
    this.browser.listeners.add((msg) => {
      if (msg.method === 'Runtime.consoleAPICalled') {
        const text = msg.params.args.map((a) => a.value ?? a.description ?? '').join(' ');
        this.lines.push(text);
        if (msg.params.type === 'error' || msg.params.type === 'assert') this.problems.push(`console.error: ${text}`);
      } else if (msg.method === 'Runtime.exceptionThrown') {
        const d = msg.params.exceptionDetails;
        this.problems.push(`exception: ${d.exception?.description ?? d.text}`);
      } else if (msg.method === 'Log.entryAdded' && msg.params.entry.level === 'error') {
        this.problems.push(`browser: ${msg.params.entry.text} ${msg.params.entry.url ?? ''}`);
      }
    });
  }
  async open(url) {
    this.page = await this.browser.page();
    for (const m of ['Runtime.enable', 'Log.enable', 'Page.enable']) await this.page(m);
    await this.page('Emulation.setDeviceMetricsOverride', { width: 960, height: 540, deviceScaleFactor: 1, mobile: false });
    await this.load('Page.navigate', { url });
  }
  async load(method, params = {}) {
    this.lines.length = 0;
    await this.page(method, params);
    await this.waitFor('the game to start', async () => this.lines.some((l) => l.startsWith('arena: ready in')), 90000);
  }
  async evaluate(expression) {
    const r = await this.page('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails) throw new Error(`${this.name}: ${expression}: ${r.exceptionDetails.exception?.description}`);
    return r.result.value;
  }
  async waitFor(what, test, ms = 30000) {
    for (const end = Date.now() + ms; Date.now() < end; await sleep(200)) {
      const v = await test();
      if (v) return v;
    }
    throw new Error(`${this.name}: timed out waiting for ${what} (the game: ${JSON.stringify(await this.state())})`);
  }
  /// arena_web_state's screen, tick, player 1's position and whether the theatre still reads.
  async state() {
    const s = await this.evaluate("Module.ccall('arena_web_state', 'string', [], [])");
    const [screen, tick, , x, y, , , reading] = s.split(' ');
    return { screen: +screen, tick: +tick, x: +x, y: +y, reading: reading === '1' };
  }
  /// arena_web_online: the client's state, slot, agent, ping and counts; null offline.
  async online() {
    const s = await this.evaluate("Module.ccall('arena_web_online', 'string', [], [])");
    if (!s) return null;
    const [state, slot, agent, ping, snapshots, compared, over1, snapped, replay] = s.split(' ').map(Number);
    return { state, slot, agent, ping, snapshots, compared, over1, snapped, replay };
  }
  async clickItem(label) {
    const r = await this.evaluate(`Module.ccall('arena_web_item', 'string', ['string'], [${JSON.stringify(label)}])`);
    if (!r) throw new Error(`${this.name}: no item "${label}" on screen ${(await this.state()).screen}`);
    const [x0, y0, w, h] = r.split(' ').map(Number);
    const x = x0 + w / 2, y = y0 + h / 2;
    await this.page('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
    await sleep(80);
    await this.page('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', buttons: 1, clickCount: 1 });
    await sleep(50);
    await this.page('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', buttons: 0, clickCount: 1 });
    await sleep(200);
  }
  async hold(key, code, vk, ms) {
    const k = { key, code, windowsVirtualKeyCode: vk, nativeVirtualKeyCode: vk };
    await this.page('Input.dispatchKeyEvent', { type: 'keyDown', ...k });
    await sleep(ms);
    await this.page('Input.dispatchKeyEvent', { type: 'keyUp', ...k });
  }
  async screenshot(name) {
    const { data } = await this.page('Page.captureScreenshot', { format: 'png' });
    const bytes = Buffer.from(data, 'base64');
    const file = join(outDir, `web_online_${this.name}_${name}.png`);
    writeFileSync(file, bytes);
    const img = decodePng(bytes);
    const s = pictureStats(img);
    check(s.ok, `screenshot ${file}: ${img.width}x${img.height}, ${s.distinct} colours`);
  }
  /// The server's end as the page's console said it: { tick, hash, placement }.
  ended() {
    const l = this.lines.find((x) => /^arena: online match ended at tick \d+ hash [0-9a-f]{16} placement \d+$/.test(x));
    if (!l) return null;
    const [, tick, hash, placement] = /tick (\d+) hash ([0-9a-f]+) placement (\d+)/.exec(l);
    return { tick: +tick, hash, placement: +placement };
  }
  async close() {
    await this.browser.close();
    rmSync(this.profile, { recursive: true, force: true });
  }
}

/// A process's output, whole once it exited.
function run(cmd, args) {
  const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const r = { out: '', err: '', code: null };
  p.stdout.on('data', (d) => { r.out += d; });
  p.stderr.on('data', (d) => { r.err += d; });
  r.done = new Promise((ok) => p.once('exit', (code) => { r.code = code; ok(r); }));
  r.proc = p;
  return r;
}
const verify = (file) => {
  const r = spawnSync(nativeArena, ['--replay', file, '--headless'], { encoding: 'utf8' });
  return { ok: r.status === 0 && /^replay ok$/m.test(r.stdout), hash: /^hash: ([0-9a-f]+)$/m.exec(r.stdout)?.[1], said: (r.stdout + r.stderr).trim().split('\n').pop() };
};

// The page's origin: the web build, and quick play answering as arena-lobby does (the first
// request refused, as a lobby with every match full).
let wsUrl = null, quickPlays = 0;
const token = 'c0ffee00112233445566778899aabbcc';
const http = await serve(binDir, 0);
const files = http.listeners('request')[0];
http.removeAllListeners('request');
http.on('request', (req, res) => {
  if (req.method !== 'POST' || req.url !== '/quick-play') return files(req, res);
  req.resume();
  const first = quickPlays++ === 0;
  res.writeHead(first ? 503 : 200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(first ? { error: 'every match is full' } : { url: wsUrl, token }));
});
const origin = `http://127.0.0.1:${http.address().port}/`;
const recordDir = mkdtempSync(join(tmpdir(), 'arena-online-record-'));
const a = new GamePage('a'), b = new GamePage('b');
let server = null, native = null;

async function test() {
  await a.open(origin);
  // The server's match starts at once: it is started once page A is on its title.
  server = run(serverBin, ['--listen', '127.0.0.1:0', '--once', '--players', '4', '--bots', '10',
    '--seed', '5', '--join-window', '40', '--ticks', '2700', '--record', recordDir]);
  const listening = await a.waitFor('arena-server to listen', async () => /listening (ws:\/\/\S+)/.exec(server.out), 10000);
  wsUrl = listening[1];
  console.log(`arena-server: ${wsUrl}`);
  native = run(nativeArena, ['--connect', wsUrl, '--name', 'Native', '--headless', '--pilot', 'novice']);
  const opened = b.open(`${origin}?connect=${encodeURIComponent(wsUrl)}`);

  // Page A: the name typed in the field; the first Play online finds no lobby match.
  await a.waitFor('the name field', async () => a.evaluate("!document.getElementById('name-box').hidden"), 10000);
  check(await a.evaluate("document.getElementById('name').value") === 'Player', 'the name field holds the default name');
  await a.evaluate("document.getElementById('name').focus(); document.getElementById('name').select()");
  await a.page('Input.insertText', { text: 'Ada' });
  await a.clickItem('Play online');
  const refused = await a.waitFor('the refusal', async () => a.lines.find((l) => l.startsWith('arena: Play online:')), 10000);
  check(refused === 'arena: Play online: the lobby says: every match is full' && (await a.state()).screen === SCREEN.TITLE,
    `a lobby without a match: one line, the title stays (${refused})`);
  await a.clickItem('Play online');
  await a.waitFor('page A in the match', async () => (await a.state()).screen === SCREEN.PLAY, 30000);
  check(a.lines.includes(`arena: joining ${wsUrl} as Ada`), `page A joined through quick play as Ada (${quickPlays} quick plays)`);
  await opened;
  await b.waitFor('page B in the match', async () => (await b.state()).screen === SCREEN.PLAY, 30000);

  // A plays: its own agent answers the keys at once (predicted), snapshots and pings come.
  const before = await a.state();
  await a.hold('d', 'KeyD', 68, 1000);
  const after = await a.state();
  check(after.x - before.x > 20, `D moves A's agent right at once (prediction): x ${before.x} -> ${after.x}`);
  await a.hold('s', 'KeyS', 83, 600);
  const na = await a.online(), nb = await b.online();
  check(na && na.state === ONLINE_PLAYING && na.slot >= 0 && nb && nb.state === ONLINE_PLAYING && nb.slot >= 0 && na.slot !== nb.slot,
    `both pages play a slot of their own: A ${JSON.stringify(na)}, B ${JSON.stringify(nb)}`);
  check(na.snapshots > 20 && na.ping > 0 && na.compared > 0,
    `A's client: ${na.snapshots} snapshots, ping ${na.ping} ms (the HUD's), ${na.compared} predictions compared, ${na.over1} off by more than a unit`);
  await a.screenshot('play');
  await b.screenshot('play');

  // The match runs to the server's --ticks: every client gets the end.
  await a.waitFor('A at the results', async () => (await a.state()).screen === SCREEN.RESULTS, 120000);
  await b.waitFor('B at the results', async () => (await b.state()).screen === SCREEN.RESULTS, 30000);
  await server.done;
  await native.done;
  const hash = /^hash: ([0-9a-f]{16})$/m.exec(server.out)?.[1];
  check(server.code === 0 && !!hash, `arena-server ended the match: ${server.out.trim().split('\n').slice(-4).join(' | ')}`);
  for (const name of ['Ada', 'Player', 'Native'])
    check(new RegExp(`^arena-server: event=join slot=\\d+ agent=\\d+ name="${name}" addr=127\\.0\\.0\\.1$`, 'm').test(server.err), `the server's log has ${name} joining`);
  check(native.code === 0 && new RegExp(`^hash: ${hash}$`, 'm').test(native.out), `the native client ends on the server's hash (${native.out.trim().split('\n').filter((l) => l.startsWith('hash')).join('')}${native.err})`);
  for (const p of [a, b]) {
    const e = p.ended();
    check(e && e.hash === hash && e.tick === 2700, `page ${p.name} ends on the server's hash: ${JSON.stringify(e)}`);
  }
  const recorded = readdirSync(recordDir).filter((f) => f.endsWith('.arp'));
  check(recorded.length === 1, `the server recorded the match: ${recorded.join(', ')}`);
  const serverReplay = join(recordDir, recorded[0]);
  const v = verify(serverReplay);
  check(v.ok && v.hash === hash, `the server's replay verifies natively: ${v.said}, hash ${v.hash}`);
  await a.waitFor('A has the replay', async () => (await a.online())?.replay > 0, 20000);
  const mine = await a.evaluate("Module.ccall('arena_web_write_last_replay', 'boolean', ['string'], ['/tmp/online.arp']) ? Array.from(Module.FS.readFile('/tmp/online.arp')) : null");
  check(mine && Buffer.from(mine).equals(readFileSync(serverReplay)), `page A holds the server's replay, byte for byte (${mine?.length} bytes)`);
  await a.screenshot('results');

  // A: Watch replay plays the online match in the theatre.
  await a.clickItem('Watch replay');
  // The theatre reads the replay through first, then goes back to where watching starts.
  const th = await a.waitFor('the theatre', async () => { const t = await a.state(); return t.screen === SCREEN.THEATRE && !t.reading && t; }, 30000);
  await sleep(1500);
  const later = await a.state();
  check(later.tick > th.tick, `Watch replay plays the online match: tick ${th.tick} -> ${later.tick}`);
  await a.screenshot('theatre');

  // B: Save replay hands out the file, which verifies natively.
  await b.page('Browser.setDownloadBehavior', { behavior: 'allowAndName', downloadPath: outDir, eventsEnabled: true });
  const downloads = [];
  b.browser.listeners.add((msg) => {
    if (msg.method === 'Browser.downloadWillBegin') downloads.push({ guid: msg.params.guid, name: msg.params.suggestedFilename });
    if (msg.method === 'Browser.downloadProgress' && msg.params.state === 'completed') {
      const d = downloads.find((x) => x.guid === msg.params.guid);
      if (d) d.done = true;
    }
  });
  await b.waitFor('B has the replay', async () => (await b.online())?.replay > 0, 20000);
  await b.clickItem('Save replay');
  const done = await b.waitFor('the download', async () => downloads.find((d) => d.done), 15000).catch(() => null);
  if (check(!!done && /online/.test(done.name), `Save replay downloads ${done?.name}`)) {
    const file = join(outDir, done.guid);
    const s = verify(file);
    check(s.ok && s.hash === hash, `the downloaded replay verifies natively: ${s.said}, hash ${s.hash}`);
    rmSync(file, { force: true });
  }

  // A's name is kept (the game's settings, in the browser's storage): there after a reload.
  await a.load('Page.reload');
  await a.waitFor('the name field', async () => a.evaluate("!document.getElementById('name-box').hidden"), 10000);
  const kept = await a.evaluate("document.getElementById('name').value");
  check(kept === 'Ada', `the name is remembered after a reload: ${JSON.stringify(kept)}`);
}

try {
  await test();
} catch (e) {
  check(false, e.stack ?? String(e));
} finally {
  for (const p of [server, native]) if (p && p.code === null) p.proc.kill('SIGKILL');
  await a.close();
  await b.close();
  http.close();
  rmSync(recordDir, { recursive: true, force: true });
}
if (server) console.log(`arena-server said:\n${server.out}${server.err}`);
if (failures) for (const p of [a, b]) console.log(`page ${p.name}'s console, last lines:\n  ${p.lines.slice(-12).join('\n  ')}`);
// The quick-play refusal's 503 is the browser's own console line, and expected.
const problems = [...a.problems, ...b.problems].filter((p) => !/quick-play/.test(p) || !/503/.test(p));
for (const p of problems) console.log(`  ${p}`);
check(problems.length === 0, `no errors or exceptions on the pages' consoles (${problems.length})`);
console.log(`${passes} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
