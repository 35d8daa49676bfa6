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

export function serve(dir, port = 0) {
  const root = resolve(dir);
  const zipped = new Map(); // path -> gzip bytes (the build does not change while served)
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const path = normalize(join(root, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)));
    const type = TYPES[extname(path)];
    if (!path.startsWith(root + '/') || !type || req.method !== 'GET') {
      res.writeHead(404).end();
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
    res.writeHead(200, headers).end(body);
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
