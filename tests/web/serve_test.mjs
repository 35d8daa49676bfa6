// The development server (game/web/serve.mjs) against hostile requests, sent raw over a socket to
// 127.0.0.1 (a client library would clean them up first):
//   node serve_test.mjs SERVE_MJS
// Each gets its status (400 for what is no path, 404 outside the folder, 405 for other methods),
// nothing outside the served folder is ever sent, and the server answers the next request.
import { connect } from 'node:net';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [serveMjs] = process.argv.slice(2);
if (!serveMjs) {
  console.error('usage: node serve_test.mjs SERVE_MJS');
  process.exit(2);
}
const { serve } = await import(pathToFileURL(serveMjs).href);

// DIR/site is served; DIR/secret.js beside it must never be.
const dir = mkdtempSync(join(tmpdir(), 'arena-serve-'));
mkdirSync(join(dir, 'site'));
writeFileSync(join(dir, 'site', 'index.html'), '<!doctype html><title>page</title>');
writeFileSync(join(dir, 'site', 'game.js'), 'var game = 1;');
writeFileSync(join(dir, 'secret.js'), 'SECRET');
const server = await serve(join(dir, 'site'), 0);
const port = server.address().port;

/// Sends `text` as it is and reads the whole answer (the connection is closed after it).
function raw(text) {
  return new Promise((ok, fail) => {
    const socket = connect(port, '127.0.0.1');
    let got = '';
    socket.setTimeout(5000, () => { socket.destroy(); fail(new Error(`no answer to ${JSON.stringify(text)}`)); });
    socket.on('data', (d) => { got += d.toString('latin1'); });
    socket.on('end', () => ok(got));
    socket.on('close', () => ok(got));
    socket.on('error', fail);
    socket.write(text);
  });
}
const request = (line, headers = '') => raw(`${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`);
const status = (answer) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

let passes = 0, failures = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok' : 'FAILED'}: ${what}`);
  if (ok) passes++;
  else failures++;
}

async function expect(line, want, what) {
  const answer = await request(line);
  check(status(answer) === want && !answer.includes('SECRET'),
    `${what}: ${JSON.stringify(line)} -> ${status(answer) || JSON.stringify(answer.slice(0, 60))}`);
  // The server is still there, and still serves.
  const next = await request('GET / HTTP/1.1');
  if (status(next) !== 200) check(false, `the server answers after ${JSON.stringify(line)}`);
}

try {
  await expect('GET // HTTP/1.1', 400, 'no URL path');
  await expect('GET /%E0%A4%A HTTP/1.1', 400, 'a cut percent-escape');
  await expect('GET /%zz.js HTTP/1.1', 400, 'a bad percent-escape');
  await expect('GET /%FF.js HTTP/1.1', 400, 'an escape that is no UTF-8');
  await expect('GET /game%00.js HTTP/1.1', 400, 'a NUL byte');
  await expect('GET /../secret.js HTTP/1.1', 404, 'a path out of the folder');
  await expect('GET /%2e%2e/secret.js HTTP/1.1', 404, 'an escaped path out of the folder');
  await expect('GET /..%2fsecret.js HTTP/1.1', 404, 'an escaped slash out of the folder');
  await expect('GET /%2e%2e%5csecret.js HTTP/1.1', 404, 'a backslash out of the folder');
  await expect('GET /nothing.js HTTP/1.1', 404, 'a missing file');
  await expect('GET /game.exe HTTP/1.1', 404, 'an unknown type');
  await expect('DELETE / HTTP/1.1', 405, 'DELETE');
  await expect('BREW /game.js HTTP/1.1', 400, 'a method HTTP does not have'); // node's parser
  await expect('POST /game.js HTTP/1.1', 405, 'POST');
  const del = await request('PUT /game.js HTTP/1.1');
  check(/\r\nAllow: GET, HEAD\r\n/i.test(del), 'a 405 says which methods there are');
  const junk = await raw('\x00\x01 not http at all\r\n\r\n');
  check(status(junk) === 400 || junk === '', `bytes that are no request: ${JSON.stringify(junk.slice(0, 30))}`);

  // HEAD: the headers of GET, no body.
  const get = await request('GET /game.js HTTP/1.1');
  const head = await request('HEAD /game.js HTTP/1.1');
  const length = (a) => /\r\ncontent-length: (\d+)\r\n/i.exec(a)?.[1];
  check(status(head) === 200 && length(head) === length(get) && head.endsWith('\r\n\r\n'),
    `HEAD answers GET's headers (Content-Length ${length(head)}) without the body`);
  check(get.endsWith('var game = 1;'), 'GET sends the file');
  const gz = await request('GET / HTTP/1.1', 'Accept-Encoding: gzip\r\n');
  check(status(gz) === 200 && /\r\ncontent-encoding: gzip\r\n/i.test(gz), 'gzip when the client takes it');
} catch (e) {
  check(false, e.stack ?? String(e));
} finally {
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${passes} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
