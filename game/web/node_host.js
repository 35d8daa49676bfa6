// Linked before every program of the web build (--pre-js). Under node the program is a command
// line tool like its native twin: it sees the host's files at their own paths and starts in the
// same folder, so tests and benchmarks give it the same arguments. In a browser this does nothing.
if (typeof process === 'object' && process.versions && process.versions.node) {
  // The wasm and the preloaded package beside the script, whatever the current folder; the wasm
  // read directly, as node's fetch cannot load a file path.
  Module['locateFile'] = function (name) { return require('path').join(__dirname, name); };
  Module['wasmBinary'] = require('fs').readFileSync(__filename.replace(/\.js$/, '.wasm'));
  Module['preRun'] = (Module['preRun'] || []).concat(function () {
    var fs = require('fs');
    fs.readdirSync('/').forEach(function (name) {
      var path = '/' + name;
      // The program's own /dev and /proc stay; /assets is its preloaded package.
      if (name === 'dev' || name === 'proc' || name === 'sys' || name === 'assets') return;
      try {
        if (!fs.statSync(path).isDirectory()) return;
      } catch (e) {
        return; // a dangling link or a folder we may not read
      }
      try {
        FS.mkdir(path);
      } catch (e) {
        // already there (/tmp, /home): the host's folder is mounted over it
      }
      FS.mount(NODEFS, { root: path }, path);
    });
    FS.chdir(process.cwd());
  });
}
