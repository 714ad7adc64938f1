'use strict';
// boardgame.io late joins on demand, so bench_peer.py can take turns with ours join by join.
//
// Run with node from anywhere: `node peer_join.js HARNESS_DIR`, HARNESS_DIR being the peer harness
// (../shared/peer-bgio with its npm packages installed). It uses the harness's own server.js and game.js, as its
// bench.js does: a fresh server on 127.0.0.1 (an ephemeral port), a match of 2 players joined through the Lobby
// API and connected, MOVES moves played by player 0 (each seen by player 1), then it prints "ready". Each "join"
// line on stdin makes one late join by a spectator, timed as bench.js times it (client.start() until the client's
// state holds every card where the last move put it), and prints {"us": ..., "bytes": ...} (bytes the server wrote
// to the sockets meanwhile: HTTP upgrade and framing included). "quit" (or the end of stdin) stops the server.
const path = require('path');
const { fork } = require('child_process');
const { createRequire } = require('module');
const { performance } = require('perf_hooks');
const readline = require('readline');

const HARNESS = path.resolve(process.argv[2] || '.');
const MOVES = Number(process.argv[3] || 210);
const peerRequire = createRequire(path.join(HARNESS, 'bench.js'));
const { Client } = peerRequire('boardgame.io/client');
const { SocketIO } = peerRequire('boardgame.io/multiplayer');
const { makeGame, NUM_CARDS } = peerRequire('./game');

const N = 2;
const GAME_NAME = 'bgio-bench';
const game = makeGame({ layout: 'array', delta: false, name: GAME_NAME });
const nowUs = () => performance.now() * 1000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const watchdog = setTimeout(() => { console.error('peer_join.js: 600 s watchdog'); process.exit(4); }, 600000);
watchdog.unref();

function withTimeout(p, ms, what) {
  let t;
  return Promise.race([p.finally(() => clearTimeout(t)),
    new Promise((_, rej) => { t = setTimeout(() => rej(new Error(`timeout ${ms} ms: ${what}`)), ms); })]);
}

async function startServer() {
  const child = fork(path.join(HARNESS, 'server.js'), [], {
    cwd: HARNESS, env: { ...process.env, LAYOUT: 'array', DELTA: '0', MAX_LIFETIME_S: '600' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let rid = 0; const pending = new Map();
  const ready = new Promise((resolve, reject) => {
    child.on('message', (m) => {
      if (m && m.ready) return resolve(m);
      if (m && pending.has(m.id)) { pending.get(m.id)(m); pending.delete(m.id); }
    });
    child.on('exit', (code) => reject(new Error('server exited early, code ' + code)));
  });
  const info = await withTimeout(ready, 20000, 'server start');
  const rpc = (cmd) => withTimeout(new Promise((res) => { const id = ++rid; pending.set(id, res); child.send({ cmd, id }); }), 10000, 'rpc ' + cmd);
  return { child, info, rpc };
}

async function lobby(apiPort, pathname, body) {
  const r = await fetch(`http://127.0.0.1:${apiPort}${pathname}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`lobby ${pathname}: HTTP ${r.status}`);
  return r.json();
}

function makeClient(port, matchID, playerID, credentials) {
  return Client({
    game, numPlayers: N, matchID, playerID, credentials, debug: false,
    multiplayer: SocketIO({ server: `http://127.0.0.1:${port}`,
      socketOpts: { forceNew: true, reconnection: false, transports: ['websocket'] } }),
  });
}

async function connectAndSync(client, want) {
  let done = false; let resolve;
  const p = new Promise((r) => { resolve = r; });
  const unsub = client.subscribe((s) => {
    if (done || !s || !s.G || !s.G.cards || s.G.cards.length !== NUM_CARDS) return;
    if (want) { const c = s.G.cards[want.cardId]; if (!c || c.x !== want.x || c.y !== want.y) return; }
    done = true; resolve(nowUs());
  });
  const t0 = nowUs();
  client.start();
  const t1 = await withTimeout(p, 10000, 'client sync');
  unsub();
  return t1 - t0;
}

(async () => {
  const srv = await startServer();
  const { port, apiPort } = srv.info;
  const { matchID } = await lobby(apiPort, `/games/${GAME_NAME}/create`, { numPlayers: N });
  const players = [];
  for (let i = 0; i < N; i++) {
    const j = await lobby(apiPort, `/games/${GAME_NAME}/${matchID}/join`, { playerID: String(i), playerName: 'p' + i });
    const c = makeClient(port, matchID, String(i), j.playerCredentials);
    await connectAndSync(c);
    players.push(c);
  }
  let want = null;
  for (let seq = 1; seq <= MOVES; seq++) {
    const cardId = (seq * 7919) % NUM_CARDS; const x = 2000 + seq; const y = seq % 1080;
    let resolve; const seen = new Promise((r) => { resolve = r; });
    const unsub = players[1].subscribe((s) => {
      const c = s && s.G && s.G.cards[cardId];
      if (c && c.x === x && c.y === y) resolve();
    });
    players[0].moves.moveCard(cardId, x, y);
    await withTimeout(seen, 10000, `move ${seq}`);
    unsub();
    want = { cardId, x, y };
  }
  await sleep(50);
  const stop = async () => {
    for (const c of players) { try { c.stop(); } catch (e) { /* closing */ } }
    try { await srv.rpc('stop'); } catch (e) { srv.child.kill(); }
    process.exit(0);
  };
  const rl = readline.createInterface({ input: process.stdin });
  process.stdout.write('ready\n');
  for await (const line of rl) {
    if (line.trim() !== 'join') break;
    const c = makeClient(port, matchID, undefined, undefined);
    const b0 = await srv.rpc('bytes');
    const us = await connectAndSync(c, want);
    const b1 = await srv.rpc('bytes');
    c.stop();
    await sleep(5); // as bench.js: let the server see the spectator go
    process.stdout.write(JSON.stringify({ us, bytes: b1.tcp.written - b0.tcp.written }) + '\n');
  }
  await stop();
})().catch((e) => { console.error('peer_join.js FAILED:', e && e.stack || e); process.exit(1); });
