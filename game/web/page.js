// The page around the game (arena.js): loading, the preference folder kept in the browser's
// storage, and replay files opened from the disk. Everything else is the game's own code.
'use strict';

var canvas = document.getElementById('canvas');
var statusBox = document.getElementById('status');
var statusText = document.getElementById('status-text');
var progress = document.getElementById('progress');
var openButton = document.getElementById('open');
var fileInput = document.getElementById('file');

function showStatus(text) {
  statusText.textContent = text;
  statusBox.hidden = false;
}

// The per-user folder SDL gives the game (settings, saved replays) lives in IndexedDB: read in
// before main runs, written back after every save (the game calls Module.arenaPersist).
var persisting = false;
var persistAgain = false;
function mountStorage() {
  var FS = Module.FS;
  FS.mkdir('/libsdl');
  FS.mount(FS.filesystems.IDBFS, {}, '/libsdl');
  Module.addRunDependency('storage');
  FS.syncfs(true, function (err) {
    if (err) console.warn('arena: the browser keeps no settings or replays here: ' + err);
    Module.removeRunDependency('storage');
  });
}

function persist() {
  if (persisting) {
    persistAgain = true;
    return;
  }
  persisting = true;
  Module.FS.syncfs(false, function (err) {
    if (err) console.warn('arena: cannot keep the settings and replays: ' + err);
    persisting = false;
    if (persistAgain) {
      persistAgain = false;
      persist();
    }
  });
}

// A replay file from the disk, picked or dropped: written into the game's memory file system
// and played in the theatre.
var opened = 0;
function openReplay(file) {
  if (!file || !Module.calledRun) return;
  file.arrayBuffer().then(function (data) {
    var FS = Module.FS;
    var dir = '/tmp/opened';
    try { FS.mkdir(dir); } catch (e) { /* there already */ }
    // A name of its own each time; the theatre has read the last one whole.
    var name = file.name.replace(/[^A-Za-z0-9._-]/g, '_');
    var path = dir + '/' + (++opened) + '-' + name;
    FS.writeFile(path, new Uint8Array(data));
    console.log('arena: opening replay ' + file.name + ' (' + data.byteLength + ' bytes)');
    Module.ccall('arena_web_open_replay', null, ['string'], [path]);
    canvas.focus();
  });
}

// A file the game saved for the player (a replay): the browser's storage is out of other
// programs' reach, so it is also handed out as a download under its own name.
function offerFile() {
  var path = Module.ccall('arena_web_offered', 'string', [], []);
  if (!path) return;
  var data = Module.FS.readFile(path);
  var url = URL.createObjectURL(new Blob([data], { type: 'application/octet-stream' }));
  var link = document.createElement('a');
  link.href = url;
  link.download = path.substring(path.lastIndexOf('/') + 1);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
  console.log('arena: offered ' + link.download + ' (' + data.length + ' bytes) as a download');
}

openButton.addEventListener('click', function () { fileInput.click(); });
fileInput.addEventListener('change', function () {
  openReplay(fileInput.files[0]);
  fileInput.value = '';
});
window.addEventListener('dragover', function (e) {
  e.preventDefault();
  document.body.classList.add('dropping');
});
window.addEventListener('dragleave', function () { document.body.classList.remove('dropping'); });
window.addEventListener('drop', function (e) {
  e.preventDefault();
  document.body.classList.remove('dropping');
  if (e.dataTransfer.files.length) openReplay(e.dataTransfer.files[0]);
});
canvas.addEventListener('contextmenu', function (e) { e.preventDefault(); });

// The file button shows on the title and results screens only, out of a match's way.
var SCREEN_TITLE = 0, SCREEN_RESULTS = 4;
function screenShown() {
  var state = Module.ccall('arena_web_state', 'string', [], []);
  return state ? parseInt(state, 10) : -1;
}

var Module = {
  canvas: canvas,
  // Command line arguments from the address: ?arg=--seed&arg=5
  arguments: new URLSearchParams(location.search).getAll('arg'),
  preRun: [mountStorage],
  print: function (text) { console.log(text); },
  printErr: function (text) { console.error(text); },
  setStatus: function (text) {
    var m = /\((\d+(?:\.\d+)?)\/(\d+)\)/.exec(text);
    if (m) progress.value = parseFloat(m[1]) / parseFloat(m[2]);
  },
  arenaPersist: persist,
  arenaOffer: offerFile,
  arenaStarted: function () {
    statusBox.hidden = true;
    canvas.focus();
    console.log('arena: ready in ' + Math.round(performance.now()) + ' ms');
    setInterval(function () {
      var s = screenShown();
      openButton.hidden = s !== SCREEN_TITLE && s !== SCREEN_RESULTS;
    }, 500);
  },
  arenaQuit: function () {
    openButton.hidden = true;
    showStatus('Arena has quit. Reload the page to play again.');
    progress.hidden = true;
  },
  onAbort: function (what) {
    showStatus('Arena stopped: ' + what);
    progress.hidden = true;
  },
};
