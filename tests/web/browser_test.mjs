// The web build played in headless Chromium, driven through the DevTools protocol:
//   node browser_test.mjs BIN_DIR CHROMIUM NATIVE_ARENA OUT_DIR
// Serves BIN_DIR on loopback, opens the page, clicks Play, steers with the keyboard, the mouse
// and a touch drag, leaves the match and replays its recording with the native build (every
// checkpoint must agree and the final hash be the one the page showed), opens a golden replay
// through the page's file picker, resizes the window, and reloads the page to find a changed
// setting kept. The console must stay free of errors and exceptions throughout. Screenshots go
// to OUT_DIR/web_*.png and are checked as the native screenshots are.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Browser } from './cdp.mjs';
import { decodePng, pictureStats } from './png.mjs';

const [binDir, chromium, nativeArena, outDir] = process.argv.slice(2);
if (!outDir) {
  console.error('usage: node browser_test.mjs BIN_DIR CHROMIUM NATIVE_ARENA OUT_DIR');
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const golden = join(here, '..', 'replays');
const { serve } = await import(pathToFileURL(join(binDir, 'serve.mjs')).href);

const SCREEN = { TITLE: 0, PLAY: 1, PAUSE: 2, DEAD: 3, SPECTATE_MENU: 4, RESULTS: 5, SETTINGS: 6, CONTROLS: 7, CONFIRM: 8, THEATRE: 9 }; // app.h's app_screen
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
let failures = 0, passes = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok' : 'FAILED'}: ${what}`);
  if (ok) passes++;
  else failures++;
  return ok;
}

const server = await serve(binDir, 0);
// A fixed seed: the same spawn and walls around it every run.
const url = `http://127.0.0.1:${server.address().port}/?arg=--seed&arg=7`;
const profile = mkdtempSync(join(tmpdir(), 'arena-chromium-'));
const browser = new Browser(chromium, profile, ['--window-size=1280,720']);
const problems = []; // console errors, exceptions, failed loads
const lines = []; // console lines
browser.listeners.add((msg) => {
  if (msg.method === 'Runtime.consoleAPICalled') {
    const text = msg.params.args.map((a) => a.value ?? a.description ?? '').join(' ');
    lines.push(text);
    if (msg.params.type === 'error' || msg.params.type === 'assert') problems.push(`console.error: ${text}`);
  } else if (msg.method === 'Runtime.exceptionThrown') {
    const d = msg.params.exceptionDetails;
    problems.push(`exception: ${d.exception?.description ?? d.text}`);
  } else if (msg.method === 'Log.entryAdded' && msg.params.entry.level === 'error') {
    problems.push(`browser: ${msg.params.entry.text} ${msg.params.entry.url ?? ''}`);
  }
});

let page;
async function evaluate(expression) {
  const r = await page('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
  if (r.exceptionDetails) throw new Error(`${expression}: ${r.exceptionDetails.exception?.description}`);
  return r.result.value;
}
/// Navigates (Page.navigate, Page.reload) and waits for the new document's load event: until
/// then a command may still reach the old document, or a new one not parsed yet.
async function navigate(method, params = {}) {
  let seen;
  const loaded = new Promise((ok) => {
    seen = (msg) => { if (msg.method === 'Page.loadEventFired') ok(true); };
    browser.listeners.add(seen);
  });
  try {
    await page(method, params);
    const ok = await Promise.race([loaded, sleep(60000).then(() => false)]);
    if (!ok) throw new Error(`${method} ${JSON.stringify(params)}: no load event in 60 s`);
  } finally {
    browser.listeners.delete(seen);
  }
}
async function waitFor(what, test, ms = 20000) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) {
    const v = await test();
    if (v) return v;
  }
  throw new Error(`timed out waiting for ${what} (the game: ${JSON.stringify(await state())})`);
}
/// { screen, tick, hash, x, y, w, h, reading } from the game (platform_web.c).
async function state() {
  const s = await evaluate("Module.ccall('arena_web_state', 'string', [], [])");
  const [screen, tick, hash, x, y, w, h, reading] = s.split(' ');
  return { screen: +screen, tick: +tick, hash, x: +x, y: +y, w: +w, h: +h, reading: reading === '1' };
}
async function item(label) {
  const r = await evaluate(`Module.ccall('arena_web_item', 'string', ['string'], [${JSON.stringify(label)}])`);
  if (!r) throw new Error(`no item "${label}" on screen ${(await state()).screen}`);
  const [x, y, w, h] = r.split(' ').map(Number);
  return { x: x + w / 2, y: y + h / 2 };
}
/// The question before leaving: "Leave without saving" when the match's replay would be lost,
/// else "Leave".
async function answerLeave() {
  const r = await evaluate(`Module.ccall('arena_web_item', 'string', ['string'], ['Leave without saving'])`);
  await clickItem(r ? 'Leave without saving' : 'Leave');
}
async function click(x, y) {
  await page('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
  await sleep(80);
  await page('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', buttons: 1, clickCount: 1 });
  await sleep(50);
  await page('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', buttons: 0, clickCount: 1 });
  await sleep(150);
}
async function clickItem(label) {
  const p = await item(label);
  await click(p.x, p.y);
}
const KEYS = {
  KeyW: ['w', 87], KeyA: ['a', 65], KeyS: ['s', 83], KeyD: ['d', 68], KeyM: ['m', 77],
  Escape: ['Escape', 27], Enter: ['Enter', 13], F11: ['F11', 122], End: ['End', 35],
  ArrowLeft: ['ArrowLeft', 37], Space: [' ', 32], KeyT: ['t', 84], Tab: ['Tab', 9],
};
async function key(code, down) {
  const [k, kc] = KEYS[code];
  await page('Input.dispatchKeyEvent', { type: down ? 'keyDown' : 'keyUp', key: k, code,
    windowsVirtualKeyCode: kc, nativeVirtualKeyCode: kc });
}
async function hold(code, ms) {
  await key(code, true);
  await sleep(ms);
  await key(code, false);
}
async function press(code) {
  await hold(code, 60);
  await sleep(150);
}
/// Keeps a screenshot as OUT_DIR/web_NAME.png; a picture of the game is checked as the native
/// ones are (`game`), the page's own screens (its error page) are only kept.
async function screenshot(name, game = true) {
  const { data } = await page('Page.captureScreenshot', { format: 'png' });
  const bytes = Buffer.from(data, 'base64');
  const file = join(outDir, `web_${name}.png`);
  writeFileSync(file, bytes);
  if (!game) return;
  const img = decodePng(bytes);
  const s = pictureStats(img);
  check(s.ok, `screenshot ${file}: ${img.width}x${img.height}, ${s.distinct} colours, the most common on ${(100 * s.most / (img.width * img.height)).toFixed(1)}%`);
}
// A gamepad as the browser's Gamepad API shows one (SDL reads navigator.getGamepads() each
// frame): headless Chromium has none, so the page gets this one before it loads.
const FAKE_PAD = `
  window.testPad = { id: 'Test pad (STANDARD GAMEPAD)', index: 0, connected: true,
    mapping: 'standard', timestamp: 1, axes: [0, 0, 0, 0],
    buttons: Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 })) };
  navigator.getGamepads = () => [window.testPad, null, null, null];`;

async function run() {
  page = await browser.page();
  await page('Runtime.enable');
  await page('Log.enable');
  await page('Page.enable');
  await page('Page.addScriptToEvaluateOnNewDocument', { source: FAKE_PAD });

  // A 1280x720 page, as the native screenshots are.
  const full = { width: 1280, height: 720, deviceScaleFactor: 1, mobile: false };
  await page('Emulation.setDeviceMetricsOverride', full);

  // Load: the page reports how long it took to its first frame.
  await navigate('Page.navigate', { url });
  const ready = await waitFor('the game to start', async () => lines.find((l) => l.startsWith('arena: ready in')), 60000);
  const ms = Number(/ready in (\d+)/.exec(ready)[1]);
  console.log(`load: ${ms} ms from navigation to the first frame (load average ${(await import('node:os')).loadavg()[0].toFixed(1)})`);
  const info = await evaluate("document.querySelector('#canvas').width + 'x' + document.querySelector('#canvas').height");
  console.log(`canvas: ${info}; ${lines.filter((l) => l.startsWith('arena: renderer')).join('; ')}`);
  await sleep(1000);
  const audioContext = "Module.SDL2 && Module.SDL2.audioContext ? Module.SDL2.audioContext.state : 'none'";
  const silent = await evaluate(audioContext);
  check(silent === 'suspended', `no sound before the first click or key (the browser's rule): the audio context is ${silent}`);
  let s = await state();
  check(s.screen === SCREEN.TITLE && s.tick > 0, `the title's match plays behind the menu (tick ${s.tick})`);
  await screenshot('title');

  // The settings screen, and back (Esc).
  await clickItem('Settings');
  await waitFor('the settings', async () => (await state()).screen === SCREEN.SETTINGS);
  await screenshot('settings');
  await press('Escape');
  await waitFor('the title', async () => (await state()).screen === SCREEN.TITLE);

  // Play, with the mouse.
  await clickItem('Play');
  s = await waitFor('the match', async () => { const t = await state(); return t.screen === SCREEN.PLAY && t; });
  check(true, `Play clicked: a match on screen ${s.screen}, at (${s.x}, ${s.y})`);
  const audio = await evaluate(audioContext);
  check(audio === 'running', `sound after the first clicks: the audio context is ${audio}`);

  // The keyboard moves player 1: right, then down, then left and up; the mouse aims and fires.
  let before = await state();
  await hold('KeyD', 1200);
  let after = await state();
  check(after.x - before.x > 20, `D moves right: x ${before.x} -> ${after.x}`);
  before = after;
  await hold('KeyS', 1000);
  after = await state();
  check(after.y - before.y > 20, `S moves down: y ${before.y} -> ${after.y}`);
  await hold('KeyA', 800);
  await hold('KeyW', 800);
  // The pad's left stick pushed left moves left.
  before = await state();
  await evaluate('testPad.axes[0] = -1, testPad.timestamp++');
  await sleep(1000);
  await evaluate('testPad.axes[0] = 0, testPad.timestamp++');
  after = await state();
  check(before.x - after.x > 20, `the pad's stick moves left: x ${before.x} -> ${after.x}`);
  for (let i = 0; i < 4; i++) await click(900 - 100 * i, 300);
  // A touch drag on the left of the screen is the virtual stick: it moves the player.
  before = await state();
  const touch = (type, x, y) => page('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }] });
  await touch('touchStart', 200, 500);
  for (let i = 1; i <= 10; i++) {
    await touch('touchMove', 200 + 8 * i, 500);
    await sleep(50);
  }
  await sleep(800);
  await touch('touchEnd');
  after = await state();
  check(after.x - before.x > 10, `a touch drag to the right moves right: x ${before.x} -> ${after.x}`);
  // The page prints the state hash every 300 ticks of a match (5 s; longer on a slow machine).
  await waitFor('a state hash on the console', async () => lines.find((l) => /^arena: tick \d+ hash [0-9a-f]{16}$/.test(l)), 120000);
  await screenshot('play');

  // Pause (the sim stops): the state now is where the recording ends once the match is left.
  await press('Escape');
  const paused = await waitFor('the pause menu', async () => { const t = await state(); return t.screen === SCREEN.PAUSE && t; });
  await sleep(300);
  const still = await state();
  check(still.tick === paused.tick, `paused at tick ${paused.tick}, hash ${paused.hash}`);
  await clickItem('Leave match');
  await waitFor('the question', async () => (await state()).screen === SCREEN.CONFIRM);
  await clickItem('Leave without saving');
  await waitFor('the title', async () => (await state()).screen === SCREEN.TITLE);
  const saved = await evaluate("Module.ccall('arena_web_write_last_replay', 'boolean', ['string'], ['/tmp/browser.arp']) ? Array.from(Module.FS.readFile('/tmp/browser.arp')) : null");
  if (check(saved !== null, 'the match left keeps its recording')) {
    const file = join(outDir, 'web_match.arp');
    writeFileSync(file, Buffer.from(saved));
    const r = spawnSync(nativeArena, ['--replay', file, '--headless'], { encoding: 'utf8' });
    const hash = /^hash: ([0-9a-f]+)$/m.exec(r.stdout)?.[1];
    check(r.status === 0 && /^replay ok$/m.test(r.stdout),
      `the native build replays the browser's match (${saved.length} bytes): ${r.stdout.trim().split('\n').pop()}${r.stderr}`);
    check(hash === paused.hash, `... to the hash the page had when it left: native ${hash}, page ${paused.hash}`);
    for (const l of lines.filter((l) => /^arena: tick \d+ hash/.test(l))) {
      const [, tick, h] = /tick (\d+) hash ([0-9a-f]+)/.exec(l);
      const n = spawnSync(nativeArena, ['--replay', file, '--headless', '--ticks', tick], { encoding: 'utf8' });
      const nh = /^hash: ([0-9a-f]+)$/m.exec(n.stdout)?.[1];
      check(nh === h, `tick ${tick}: the page's console said ${h}, the native replay ${nh}`);
    }
  }

  // A replay file through the page's file picker plays in the theatre, with the timeline.
  const { root } = await page('DOM.getDocument');
  const { nodeId } = await page('DOM.querySelector', { nodeId: root.nodeId, selector: '#file' });
  await page('DOM.setFileInputFiles', { nodeId, files: [join(golden, 'ruins-s5.arp')] });
  // The theatre first reads the replay through (its match runs ahead for the timeline), then
  // goes back to where watching starts: the world moves on from there.
  s = await waitFor('the theatre', async () => { const t = await state(); return t.screen === SCREEN.THEATRE && !t.reading && t; }, 60000);
  await sleep(1500);
  after = await state();
  check(after.tick > s.tick, `the picked replay opens in the theatre and its world moves on: tick ${s.tick} -> ${after.tick}`);
  await screenshot('theatre');
  await press('Escape');
  await waitFor('the pause menu', async () => (await state()).screen === SCREEN.PAUSE);
  await clickItem('Leave replay');
  await waitFor('the question', async () => (await state()).screen === SCREEN.CONFIRM);
  await answerLeave();
  await waitFor('the title', async () => (await state()).screen === SCREEN.TITLE);

  // The window resized: the game's picture follows.
  await page('Emulation.setDeviceMetricsOverride', { width: 960, height: 600, deviceScaleFactor: 1, mobile: false });
  s = await waitFor('the resize', async () => { const t = await state(); return t.w === 960 && t.h === 600 && t; }, 5000).catch(() => null);
  check(s !== null, `the picture follows the window: ${JSON.stringify(await state())}`);
  await page('Emulation.setDeviceMetricsOverride', full);

  // F11 (the game's fullscreen key) asks the browser for fullscreen, and again leaves it.
  await press('F11');
  const fs = await waitFor('fullscreen', async () => evaluate('!!document.fullscreenElement'), 5000).catch(() => false);
  check(fs, 'F11 puts the page in fullscreen');
  await press('F11');
  const back = await waitFor('fullscreen left', async () => evaluate('!document.fullscreenElement'), 5000).catch(() => false);
  check(back, 'F11 again leaves fullscreen');
  await page('Emulation.setDeviceMetricsOverride', full);

  // A replay file dropped on the page plays in the theatre too.
  const bytes = readFileSync(join(golden, 'islands-s23.arp')).toString('base64');
  await evaluate(`(() => {
    const data = Uint8Array.from(atob('${bytes}'), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([data], 'islands-s23.arp'));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  })()`);
  s = await waitFor('the theatre', async () => { const t = await state(); return t.screen === SCREEN.THEATRE && t; });
  check(lines.some((l) => l === 'arena: opening replay islands-s23.arp (' + Buffer.from(bytes, 'base64').length + ' bytes)'),
    'a dropped replay file opens in the theatre');
  await press('Escape');
  await waitFor('the pause menu', async () => (await state()).screen === SCREEN.PAUSE);
  await clickItem('Leave replay');
  await waitFor('the question', async () => (await state()).screen === SCREEN.CONFIRM);
  await answerLeave();
  await waitFor('the title', async () => (await state()).screen === SCREEN.TITLE);

  await savedReplay();
  await dropDuringMatch();
  await touchPause();
  await oversizedFiles();

  // A setting changed (M mutes) is kept in the browser's storage across a reload.
  await press('KeyM');
  await waitFor('the settings saved', async () => /muted = yes/.test(await evaluate(
    "(() => { try { return Module.FS.readFile('/libsdl/arena/arena/settings.txt', { encoding: 'utf8' }); } catch (e) { return ''; } })()")), 20000);
  // The write-back to the browser's storage (IndexedDB) is asynchronous: the reload waits for
  // the file there (emscripten's IDBFS keeps each file as a record keyed by its path).
  await waitFor('the settings in IndexedDB', async () => /muted = yes/.test(await evaluate(`new Promise((ok) => {
    const open = indexedDB.open('/libsdl');
    open.onerror = () => ok('');
    open.onsuccess = () => {
      const db = open.result;
      try {
        const get = db.transaction('FILE_DATA').objectStore('FILE_DATA').get('/libsdl/arena/arena/settings.txt');
        get.onsuccess = () => { db.close(); ok(get.result ? new TextDecoder().decode(get.result.contents) : ''); };
        get.onerror = () => { db.close(); ok(''); };
      } catch (e) {
        db.close();
        ok('');
      }
    };
  })`)), 30000);
  lines.length = 0;
  await navigate('Page.reload');
  await waitFor('the game to start again', async () => lines.find((l) => l.startsWith('arena: ready in')), 60000);
  const kept = await evaluate("Module.FS.readFile('/libsdl/arena/arena/settings.txt', { encoding: 'utf8' })");
  check(/muted = yes/.test(kept), 'the setting changed before the reload is still there after it');

  await badArguments();
}

/// Back to the title from a replay watched or a match: the pause menu, Leave, Leave.
async function leaveToTitle(item) {
  if ((await state()).screen !== SCREEN.PAUSE) await press('Escape');
  await waitFor('the pause menu', async () => (await state()).screen === SCREEN.PAUSE);
  await clickItem(item);
  await waitFor('the question', async () => (await state()).screen === SCREEN.CONFIRM);
  await answerLeave();
  await waitFor('the title', async () => (await state()).screen === SCREEN.TITLE);
}

/// A golden replay dropped on the page (as a file from the disk).
async function dropFile(path, name) {
  const bytes = readFileSync(path).toString('base64');
  await evaluate(`(() => {
    const data = Uint8Array.from(atob('${bytes}'), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([data], '${name}'));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  })()`);
}

/// Save replay on the results screen writes the file in the browser's storage and offers it as
/// a download, which the native build plays back. The results come from a live match taken over
/// near the end of a golden replay (deterministic: the same tick, no input after it).
async function savedReplay() {
  await page('Browser.setDownloadBehavior', { behavior: 'allowAndName', downloadPath: outDir, eventsEnabled: true });
  const downloads = [];
  browser.listeners.add((msg) => {
    if (msg.method === 'Browser.downloadWillBegin') downloads.push({ guid: msg.params.guid, name: msg.params.suggestedFilename });
    if (msg.method === 'Browser.downloadProgress' && msg.params.state === 'completed') {
      const d = downloads.find((x) => x.guid === msg.params.guid);
      if (d) d.done = true;
    }
  });
  await dropFile(join(golden, 'ruins-s5.arp'), 'ruins-s5.arp');
  await waitFor('the theatre read through', async () => { const t = await state(); return t.screen === SCREEN.THEATRE && !t.reading; }, 60000);
  // ruins-s5's last tick, as the native build plays it (a new rules version makes it anew).
  const played = spawnSync(nativeArena, ['--replay', join(golden, 'ruins-s5.arp'), '--headless'], { encoding: 'utf8' });
  const length = Number((played.stdout.match(/^ticks: (\d+)$/m) || [])[1]);
  if (!(length > 0)) throw new Error(`cannot read ruins-s5's length: ${played.stdout}${played.stderr}`);
  await waitFor('the end of the replay', async () => { await press('End'); return (await state()).tick >= length; }, 10000);
  await waitFor('5 s back', async () => { await press('ArrowLeft'); return (await state()).tick < length; }, 10000);
  // T takes over the followed agent while paused: pause (Space toggles) and follow one alive
  // (Tab) until it does.
  let live = null;
  for (const keys of [['KeyT'], ['Tab', 'KeyT'], ['Space', 'KeyT'], ['Tab', 'KeyT']]) {
    for (const k of keys) await press(k);
    live = await waitFor('the match taken over', async () => { const t = await state(); return t.screen === SCREEN.PLAY && t; }, 2000).catch(() => null);
    if (live) break;
  }
  if (!live) await screenshot('no_take_over', false);
  if (!live) throw new Error(`no take-over (the game: ${JSON.stringify(await state())})`);
  check(true, `a golden replay taken over near its end at tick ${live.tick}: a live match`);
  const s = await waitFor('the results or the fall', async () => {
    const t = await state();
    return (t.screen === SCREEN.RESULTS || t.screen === SCREEN.DEAD) && t;
  }, 120000);
  if (s.screen === SCREEN.DEAD) { // spectating: its menu leads to the results
    await clickItem('Menu');
    // The match may end meanwhile (the last fall soon after ours): then the results come alone.
    const m = await waitFor('the spectating menu or the results', async () => {
      const t = await state();
      return (t.screen === SCREEN.SPECTATE_MENU || t.screen === SCREEN.RESULTS) && t;
    });
    if (m.screen === SCREEN.SPECTATE_MENU) await clickItem('Results');
    await waitFor('the results', async () => (await state()).screen === SCREEN.RESULTS);
  }
  await sleep(600); // the results take no input for a moment
  // A file dropped on the results of a match whose replay is not saved: the page asks first.
  const askShown = "!document.getElementById('ask').hidden";
  await dropFile(join(golden, 'islands-s23.arp'), 'islands-s23.arp');
  const asked = await waitFor('the question', async () => evaluate(askShown), 5000).catch(() => false);
  const words = await evaluate("document.getElementById('ask-title').textContent + ' ' + document.getElementById('ask-text').textContent");
  check(asked && (await state()).screen === SCREEN.RESULTS && /not saved/.test(words),
    `a file dropped on the results of an unsaved replay asks first: ${JSON.stringify(words)}`);
  await screenshot('ask_results', false); // the page's dialog over the dimmed game
  await evaluate("document.getElementById('ask-stay').click()");
  await sleep(500);
  check(!(await evaluate(askShown)) && (await state()).screen === SCREEN.RESULTS, 'Stay keeps the results');
  await clickItem('Save replay');
  await waitFor('Saved', async () => (await evaluate("Module.ccall('arena_web_item', 'string', ['string'], ['Saved'])")) !== '', 5000)
    .catch(() => null);
  await screenshot('saved');
  // Named after the map the replay taken over was recorded on.
  const offered = lines.find((l) => /^arena: offered arena-.*\.arp \(\d+ bytes\) as a download$/.test(l));
  check(!!offered && offered.includes('-ruins.arp'), `Save replay offers the file as a download: ${offered ?? lines.filter((l) => /cannot|not saved/i.test(l)).join('; ')}`);
  const done = await waitFor('the download', async () => downloads.find((d) => d.done), 10000).catch(() => null);
  if (check(!!done, `the browser downloaded ${done?.name}`)) {
    const file = join(outDir, done.guid); // allowAndName: saved under its guid
    const r = spawnSync(nativeArena, ['--replay', file, '--headless'], { encoding: 'utf8' });
    check(r.status === 0 && /^replay ok$/m.test(r.stdout),
      `the downloaded replay plays back natively: ${r.stdout.trim().split('\n').pop()}${r.stderr}`);
    rmSync(file, { force: true });
  }
  // Saved: a file dropped now opens at once.
  const asks = lines.filter((l) => l.startsWith('arena: asking')).length;
  await dropFile(join(golden, 'islands-s23.arp'), 'islands-s23.arp');
  const opened = await waitFor('the theatre', async () => (await state()).screen === SCREEN.THEATRE, 10000).catch(() => false);
  check(opened && lines.filter((l) => l.startsWith('arena: asking')).length === asks,
    'once the replay is saved, a file dropped on the results opens without a question');
  await leaveToTitle('Leave replay');
}

/// A file dropped during a live match: the match pauses and the page asks first; "Keep playing"
/// keeps it, "Leave and watch" opens the file.
async function dropDuringMatch() {
  await clickItem('Play');
  await waitFor('the match', async () => (await state()).screen === SCREEN.PLAY);
  await sleep(500);
  const askShown = "!document.getElementById('ask').hidden";
  await dropFile(join(golden, 'islands-s23.arp'), 'islands-s23.arp');
  const asked = await waitFor('the question', async () => evaluate(askShown), 5000).catch(() => false);
  check(asked && (await state()).screen === SCREEN.PAUSE, 'a file dropped on a live match pauses it and asks first');
  await screenshot('ask');
  await evaluate("document.getElementById('ask-stay').click()");
  await sleep(500);
  let s = await state();
  check(!(await evaluate(askShown)) && s.screen === SCREEN.PAUSE, `Keep playing keeps the match (screen ${s.screen})`);
  await dropFile(join(golden, 'islands-s23.arp'), 'islands-s23.arp');
  await waitFor('the question again', async () => evaluate(askShown), 5000);
  await press('Escape'); // the page's own question takes the keys: Esc is Keep playing
  s = await state();
  check(!(await evaluate(askShown)) && s.screen === SCREEN.PAUSE, `Esc on the question keeps the match too (screen ${s.screen})`);
  await dropFile(join(golden, 'islands-s23.arp'), 'islands-s23.arp');
  await waitFor('the question again', async () => evaluate(askShown), 5000);
  await evaluate("document.getElementById('ask-leave').click()");
  s = await waitFor('the theatre', async () => { const t = await state(); return t.screen === SCREEN.THEATRE && t; }, 10000).catch(() => null);
  check(s !== null, 'Leave and watch opens the dropped file');
  await leaveToTitle('Leave replay');
}

/// Touch only: the HUD's pause button opens the pause menu, whose items take taps.
async function touchPause() {
  await clickItem('Play');
  await waitFor('the match', async () => (await state()).screen === SCREEN.PLAY);
  const touch = (type, x, y) => page('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 2 }] });
  const tap = async (x, y) => {
    await touch('touchStart', x, y);
    await sleep(80);
    await touch('touchEnd');
    await sleep(250);
  };
  await tap(300, 400); // the first touch: the touch buttons show
  await sleep(300);
  await screenshot('touch_play');
  const { w } = await state();
  await tap(w - 394, 40); // input_touch_button(INPUT_TOUCH_PAUSE): left of the match panel
  const paused = await waitFor('the pause menu', async () => (await state()).screen === SCREEN.PAUSE, 5000).catch(() => false);
  check(paused, 'a tap on the HUD\'s pause button opens the pause menu');
  await screenshot('touch_pause');
  const tapItem = async (label) => { const p = await item(label); await tap(p.x, p.y); };
  await tapItem('Settings');
  check(await waitFor('the settings', async () => (await state()).screen === SCREEN.SETTINGS, 5000).catch(() => false),
    'a tap on Settings opens the settings');
  await press('Escape');
  await waitFor('the pause menu', async () => (await state()).screen === SCREEN.PAUSE);
  await tapItem('Leave match');
  await waitFor('the question', async () => (await state()).screen === SCREEN.CONFIRM, 5000);
  const unsaved = await evaluate(`Module.ccall('arena_web_item', 'string', ['string'], ['Leave without saving'])`);
  await tapItem(unsaved ? 'Leave without saving' : 'Leave');
  check(await waitFor('the title', async () => (await state()).screen === SCREEN.TITLE, 5000).catch(() => false),
    'taps leave the match');
}

/// A file of 1 GiB (sparse: no disk used) is refused from its first bytes: the game's memory
/// does not grow. A good replay's head on a file of the wrong size is refused too.
async function oversizedFiles() {
  const heap = "Module.HEAPU8.length";
  const before = await evaluate(heap);
  const { root } = await page('DOM.getDocument');
  const { nodeId } = await page('DOM.querySelector', { nodeId: root.nodeId, selector: '#file' });
  const cases = [
    ['zeros.arp', Buffer.alloc(0), 'not an Arena replay (bad magic)'],
    ['head.arp', readFileSync(join(golden, 'ruins-s5.arp')).subarray(0, 16), 'unexpected bytes after the end of the replay'],
  ];
  for (const [name, head, reason] of cases) {
    const file = join(outDir, name);
    const fd = openSync(file, 'w');
    if (head.length) writeSync(fd, head, 0, head.length, 0);
    closeSync(fd);
    spawnSync('truncate', ['-s', '1G', file]);
    await page('DOM.setFileInputFiles', { nodeId, files: [file] });
    const said = await waitFor(`${name} refused`, async () => lines.find((l) => l.startsWith(`arena: cannot open ${name}: `)), 10000).catch(() => null);
    check(said && said.includes(reason), `a 1 GiB ${name} is refused at once: ${said}`);
    rmSync(file, { force: true });
  }
  const after = await evaluate(heap);
  check(after === before, `the game's memory did not grow: ${before} -> ${after} bytes`);
  check((await state()).screen === SCREEN.TITLE, 'the title stays');
}

/// A bad argument or a map that is not there: the page says so, with the game's line, and its
/// link back opens the game without them.
async function badArguments() {
  const base = `http://127.0.0.1:${server.address().port}/`;
  for (const [args, said] of [['?arg=--bots&arg=banana', 'banana'], ['?arg=--map&arg=nosuch', 'nosuch']]) {
    const known = problems.length;
    await navigate('Page.navigate', { url: base + args });
    // The game stops a moment after the page has loaded (once its code is compiled).
    const shown = await waitFor('the error', async () => evaluate(
      "document.getElementById('status-text').textContent === 'Arena could not start.' && !document.getElementById('status-back').hidden"), 60000).catch(() => false);
    const text = await evaluate("document.getElementById('status-text').textContent + ' | ' + document.getElementById('status-detail').textContent");
    check(shown && text.startsWith('Arena could not start.') && text.includes(said), `${args}: the page says ${JSON.stringify(text)}`);
    await screenshot(`bad_${said}`, false);
    problems.length = known; // the game's own error line is on the console too, as it should be
    lines.length = 0;
    await evaluate("document.getElementById('status-back').click()");
    await waitFor('the game from the way back', async () => lines.find((l) => l.startsWith('arena: ready in')), 60000);
    const where = await evaluate('location.search');
    check(where === '', `the way back opens the game without the arguments (${JSON.stringify(where)})`);
  }
}

try {
  await run();
} catch (e) {
  check(false, e.stack ?? String(e));
} finally {
  await browser.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
for (const p of problems) console.log(`  ${p}`);
check(problems.length === 0, `no errors or exceptions on the console (${problems.length})`);
console.log(`${passes} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
