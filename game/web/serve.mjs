// A static file server for the web build, on the loopback address only:
//   node game/web/serve.mjs DIR [PORT]     (PORT 0 or none: a free one; prints the address)
// Files are sent gzip-compressed when the browser accepts it (as a real host would), with the
// MIME type WebAssembly's streaming compile requires. The browser test imports serve() too.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { extname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.data': 'application/octet-stream',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
};

// A bad request gets its answer and the server goes on: a path that is no URL path ("//"), a
// bad percent-escape or a NUL byte is a 400, a path outside DIR (after decoding and normalising)
// or not a file of a known type a 404, a method other than GET and HEAD a 405.
function target(root, rawUrl) {
  let pathname;
  try {
    pathname = new URL(rawUrl, 'http://localhost').pathname;
    pathname = decodeURIComponent(pathname === '/' ? '/index.html' : pathname);
  } catch {
    return { status: 400 };
  }
  if (pathname.includes('\0')) return { status: 400 };
  const path = normalize(join(root, pathname));
  const type = TYPES[extname(path)];
  if (!path.startsWith(root + '/') || !type) return { status: 404 };
  return { path, type };
}

export function serve(dir, port = 0) {
  const root = resolve(dir);
  const zipped = new Map(); // path -> gzip bytes (the build does not change while served)
  const answer = async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const { status, path, type } = target(root, req.url);
    if (status) {
      res.writeHead(status).end();
      return;
    }
    let body;
    try {
      body = await readFile(path);
    } catch {
      res.writeHead(404).end();
      return;
    }
    const headers = { 'Content-Type': type, 'Cache-Control': 'no-cache' };
    if (/\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
      if (!zipped.has(path)) zipped.set(path, gzipSync(body, { level: 9 }));
      body = zipped.get(path);
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
  };
  const server = createServer((req, res) => {
    answer(req, res).catch((e) => {
      console.error(`serve: ${req.method} ${JSON.stringify(req.url)}: ${e.message}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dir, port] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: node serve.mjs DIR [PORT]');
    process.exit(2);
  }
  const server = await serve(dir, Number(port || 0)).catch((e) => {
    if (e.code !== 'EADDRINUSE') throw e;
    console.log(`port ${port} is taken: using a free one`);
    return serve(dir, 0);
  });
  console.log(`Arena: open http://127.0.0.1:${server.address().port}/ (Ctrl-C stops the server)`);
}
