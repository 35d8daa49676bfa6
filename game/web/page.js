// The page around the game (arena.js): loading, the preference folder kept in the browser's
// storage, and replay files opened from the disk. Everything else is the game's own code.
'use strict';

var canvas = document.getElementById('canvas');
var statusBox = document.getElementById('status');
var statusText = document.getElementById('status-text');
var progress = document.getElementById('progress');
var openButton = document.getElementById('open');
var fileInput = document.getElementById('file');
var statusDetail = document.getElementById('status-detail');
var statusBack = document.getElementById('status-back');
var askBox = document.getElementById('ask');

function showStatus(text) {
  statusText.textContent = text;
  statusBox.hidden = false;
}

// The last lines the game printed: what the page shows when the game stops before its first
// frame (a bad ?arg=: "arena: --bots: ...").
var said = [];
function remember(text) {
  said.push(text);
  if (said.length > 20) said.shift();
}

// The game stopped: say so, with what it said, and a way back (the page without its arguments,
// or again as it was).
function stopped(text, detail, back, label) {
  showStatus(text);
  progress.hidden = true;
  openButton.hidden = true;
  askBox.hidden = true;
  statusDetail.textContent = detail;
  statusDetail.hidden = !detail;
  statusBack.href = back;
  statusBack.textContent = label;
  statusBack.hidden = false;
  statusBack.focus();
}
var started = false;

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

// A replay file from the disk, picked or dropped: its first bytes are checked first (the game
// refuses a file that is no replay, or not the size its header says, without the page reading it
// whole: a large file would grow the game's memory for good), then, when it would leave a match
// being played or the results of one whose replay is not saved, the player is asked; then it is
// written into the game's memory file system and played in the theatre.
var HEAD_BYTES = 16; // RP_HEADER_SIZE (game/replay/include/arena/rp_format.h)
var opened = 0;
function openReplay(file) {
  if (!file || !started || !askBox.hidden) return;
  file.slice(0, HEAD_BYTES).arrayBuffer().then(function (head) {
    var ok = Module.ccall('arena_web_check_replay', 'boolean', ['string', 'array', 'number'],
      [file.name, new Uint8Array(head), file.size]);
    if (!ok) return;
    var lost = Module.ccall('arena_web_before_leaving', 'string', [], []);
    if (lost) {
      ask(lost, file.name, function () { readReplay(file); });
    } else {
      readReplay(file);
    }
  });
}

function readReplay(file) {
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

// The page's own question over the paused match (`lost` "match") or the results of a match
// whose replay is not saved ("replay"): leave for the file, or stay (the default, as the game's
// own questions highlight Cancel). The game reads keys on the window, so while the question
// shows its keys stop here.
var ASKED = {
  match: ['Leave this match?', 'The match you are playing ends here. Watch NAME instead?',
    'Leave and watch', 'Keep playing'],
  replay: ['Open this file?', 'Your replay of this match is not saved. Open NAME anyway?',
    'Open it', 'Stay'],
};
var onLeave = null;
function ask(lost, name, leave) {
  var words = ASKED[lost] || ASKED.match;
  document.getElementById('ask-title').textContent = words[0];
  document.getElementById('ask-text').textContent = words[1].replace('NAME', name);
  document.getElementById('ask-leave').textContent = words[2];
  document.getElementById('ask-stay').textContent = words[3];
  onLeave = leave;
  askBox.hidden = false;
  document.getElementById('ask-stay').focus();
  console.log('arena: asking whether to leave the ' + (lost === 'replay' ? 'results' : 'match') +
    ' for ' + name);
}
function answer(leave) {
  askBox.hidden = true;
  var then = onLeave;
  onLeave = null;
  canvas.focus();
  if (leave && then) then();
}
document.getElementById('ask-leave').addEventListener('click', function () { answer(true); });
document.getElementById('ask-stay').addEventListener('click', function () { answer(false); });
window.addEventListener('keydown', function (e) {
  if (askBox.hidden) return;
  e.stopPropagation();
  if (e.key === 'Escape') {
    e.preventDefault();
    answer(false);
  } else if (e.key === 'Tab' || e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
    e.preventDefault();
    var other = document.activeElement === document.getElementById('ask-leave') ? 'ask-stay' : 'ask-leave';
    document.getElementById(other).focus();
  }
}, true);

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
  print: function (text) { remember(text); console.log(text); },
  printErr: function (text) { remember(text); console.error(text); },
  setStatus: function (text) {
    var m = /\((\d+(?:\.\d+)?)\/(\d+)\)/.exec(text);
    if (m) progress.value = parseFloat(m[1]) / parseFloat(m[2]);
  },
  arenaPersist: persist,
  arenaOffer: offerFile,
  arenaStarted: function () {
    started = true;
    statusBox.hidden = true;
    canvas.focus();
    console.log('arena: ready in ' + Math.round(performance.now()) + ' ms');
    setInterval(function () {
      var s = screenShown();
      openButton.hidden = s !== SCREEN_TITLE && s !== SCREEN_RESULTS;
    }, 500);
  },
  arenaQuit: function () {
    started = false;
    stopped('Arena has quit.', '', location.href, 'Play again');
  },
  // The game exited before its first frame: a bad argument, a map or replay it cannot open
  // (the game printed why), or a run that opens no window (--headless). Emscripten calls quit
  // on every exit (onExit only when nothing keeps the runtime alive).
  quit: function (status, toThrow) {
    if (!started && statusBack.hidden) {
      stopped(status ? 'Arena could not start.' : 'Arena has finished.', said.join('\n'),
        location.pathname, 'Back to the game');
    }
    throw toThrow;
  },
  onAbort: function (what) {
    started = false;
    stopped('Arena stopped: ' + what, said.join('\n'), location.pathname, 'Back to the game');
  },
};
