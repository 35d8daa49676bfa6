// The page around the game (arena.js): loading, the preference folder kept in the browser's
// storage, replay files opened from the disk, and how Play online finds its server (the
// name field, `?connect=`, the lobby's quick play). Everything else is the game's own code.
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
var nameInput = document.getElementById('name');
var nameBox = document.getElementById('name-box');
var params = new URLSearchParams(location.search);
// ?connect=ws://HOST:PORT: the game joins that server at once (as `arena --connect`), and the
// title's Play online joins it again; ?token=HEX goes with it (a lobby's slot).
var connectUrl = params.get('connect');
var connectToken = params.get('token') || '';

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

// Play online (the title's item; the game calls Module.arenaPlayOnline): the server of
// ?connect=, else the one the page's own origin hands out (`POST /quick-play`, arena-lobby:
// {"url": "ws://...", "token": "32 hex digits"}), joined as the name in the field (the game keeps
// it in its settings). When the lobby gives none, one line says why and the title stays.
var asking = false;
function say(text) {
  Module.ccall('arena_web_say', null, ['string'], [text]);
}
function join(url, token) {
  Module.ccall('arena_web_join', 'boolean', ['string', 'string', 'string'],
    [url, nameInput.value.trim(), token]);
  canvas.focus();
}
function quickPlay() {
  return fetch('/quick-play', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: nameInput.value.trim() }) }).then(function (r) {
    return r.text().then(function (text) {
      var answer = null;
      try { answer = JSON.parse(text); } catch (e) { /* said below */ }
      if (answer && typeof answer.error === 'string') throw new Error('the lobby says: ' + answer.error);
      if (!r.ok) throw new Error('no lobby at ' + location.host + ' (HTTP ' + r.status + ')');
      if (!answer || typeof answer.url !== 'string' || typeof answer.token !== 'string')
        throw new Error('the lobby\'s answer is not {"url", "token"}');
      return answer;
    });
  }, function () {
    throw new Error('cannot reach the lobby at ' + location.host);
  });
}
function playOnline() {
  if (asking) return;
  if (connectUrl) {
    join(connectUrl, connectToken);
    return;
  }
  asking = true;
  console.log('arena: quick play at ' + location.origin + '/quick-play');
  quickPlay().then(function (answer) {
    console.log('arena: quick play gave ' + answer.url);
    join(answer.url, answer.token);
  }, function (e) {
    say('Play online: ' + e.message);
  }).then(function () { asking = false; });
}
// The field's keys are the field's: the game (which reads keys on the window) never sees them.
['keydown', 'keyup', 'keypress'].forEach(function (type) {
  nameInput.addEventListener(type, function (e) {
    e.stopPropagation();
    if (type !== 'keydown') return;
    if (e.key === 'Enter') playOnline();
    if (e.key === 'Escape' || e.key === 'Enter') canvas.focus();
  });
});
// The field stands right of the title's Play online item, clear of the menu's panel (left of it
// when there is no room).
function placeName(shown) {
  var r = shown ? Module.ccall('arena_web_item', 'string', ['string'], ['Play online']) : '';
  if (!r) {
    if (document.activeElement === nameInput) canvas.focus();
    nameBox.hidden = true;
    return;
  }
  var box = r.split(' ').map(Number), gap = 32;
  nameBox.hidden = false;
  var width = nameBox.offsetWidth;
  var left = box[0] + box[2] + gap;
  if (left + width > window.innerWidth - 4) left = Math.max(4, box[0] - gap - width);
  nameBox.style.left = left + 'px';
  nameBox.style.top = box[1] + 'px';
  nameBox.style.height = box[3] + 'px';
}

// The file button shows on the title and results screens only, out of a match's way; the name
// field on the title.
var SCREEN_TITLE = 0, SCREEN_RESULTS = 5; // app.h's app_screen
function screenShown() {
  var state = Module.ccall('arena_web_state', 'string', [], []);
  return state ? parseInt(state, 10) : -1;
}

var Module = {
  canvas: canvas,
  // Command line arguments from the address: ?arg=--seed&arg=5; ?connect= and ?token= (above).
  arguments: params.getAll('arg').concat(connectUrl ? ['--connect', connectUrl] : [],
    connectUrl && connectToken ? ['--token', connectToken] : []),
  preRun: [mountStorage],
  print: function (text) { remember(text); console.log(text); },
  printErr: function (text) { remember(text); console.error(text); },
  setStatus: function (text) {
    var m = /\((\d+(?:\.\d+)?)\/(\d+)\)/.exec(text);
    if (m) progress.value = parseFloat(m[1]) / parseFloat(m[2]);
  },
  arenaPersist: persist,
  arenaOffer: offerFile,
  arenaPlayOnline: playOnline,
  arenaStarted: function () {
    started = true;
    statusBox.hidden = true;
    nameInput.value = Module.ccall('arena_web_name', 'string', [], []);
    canvas.focus();
    console.log('arena: ready in ' + Math.round(performance.now()) + ' ms');
    setInterval(function () {
      var s = screenShown();
      openButton.hidden = s !== SCREEN_TITLE && s !== SCREEN_RESULTS;
      placeName(s === SCREEN_TITLE && askBox.hidden);
    }, 250);
  },
  arenaQuit: function () {
    started = false;
    nameBox.hidden = true;
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
