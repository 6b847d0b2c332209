// window.parlourNet: a room's carrier in the browser (issues 23 and 32), one room at a time,
// for the game's Python (game/net/browser.py, under game/net/paths.py). Only strings cross
// between Python and this file, so the same bridge works under Pyodide (build/web/) and
// pygbag's runtime (build/pygbag/).
//
//   parlourNet.available()        -> true
//   parlourNet.open(code, role)   join the room of room code `code` ([A-Z0-9]{4,12}) as "host"
//                                 or "guest" (leaves the room open before, if any), with a new
//                                 key
//   parlourNet.id()               this page's key in the room open now (64 hex digits)
//   parlourNet.relayRate()        ?relay_rate= as given where ?relay= names the relays, else ""
//   parlourNet.poll()             -> JSON text: the events since the last poll, in order:
//       ["up", key, role]         a direct (WebRTC) connection to the screen with that key is
//                                 up: it proved its key (a signature over both Trystero ids)
//       ["down", key, ""]         that connection is gone
//       ["direct", key, frame]    a frame over it
//       ["post", key, frame]      a frame from the relays (relay.js checked it)
//       ["relays", "", "N/M"]     N of the M relays are reached now (at the start and on a change)
//       ["status", "", "failed: <why>"]   the room could not be opened (a bad code or role)
//   parlourNet.send(key, frame)   over the direct connection to that screen (else ignored)
//   parlourNet.publish(frame, to) to every relay, signed, and sealed for the screen with key
//                                 `to` alone, or ("") for everyone in the room (relay.js)
//   parlourNet.setBye(frame)      what close() says on both paths (made ready at once: a
//                                 closing tab has no time to seal and sign)
//   parlourNet.close()            leave the room (also on the page's pagehide/beforeunload)
// None of these ever throws.
//
// Under it: Trystero (npm trystero 0.25.4, Nostr strategy; web/net/package.json) for the
// direct path, and relay.js for the relay path, bundled by esbuild into net.js by ./build.sh
// web. Both meet on the same Nostr relays. What a relay sees: the room's hashed topics, signed
// events from keys made fresh for each room, and content sealed with a key made from the room
// code. The page's query string sets:
//   ?relay=wss://relay.example   the relays to use (repeatable); default: the five public Nostr
//                                relays Trystero picks for this app
//   ?relay_rate=N                with ?relay=, relays of your own: the events a second a page
//                                may publish to each screen on them (default 0.8, what public
//                                relays allow: game/net/paths.py)
//   ?ice=none                    no STUN servers (tests: nothing leaves the machine); default:
//                                Trystero's public STUN servers
//   ?ice=relay                   no direct connection but through a TURN server (?turn=; this
//                                page's addresses are never shown to the other screens): with
//                                none, everything goes through the Nostr relays
//   ?turn=turn:host:3478&turnuser=NAME&turncred=SECRET   a TURN server (repeatable ?turn=;
//                                one user and credential for all): browsers behind strict
//                                networks connect directly through it
// docs/web.md and docs/remote.md ("The browser transport", "The relay path") say more.
import {joinRoom, selfId, defaultRelayUrls} from "trystero/nostr";
import {getRelays} from "@trystero-p2p/core";
import {relayPath, checkBind} from "./relay.js";

const APP_ID = "patience-parlour";
const CODE = /^[A-Z0-9]{4,12}$/;
const ROLES = ["host", "guest"];
const MAX_EVENTS = 8192;       // events kept for a Python that doesn't poll (a hidden page)
const MAX_EARLY = 64;          // frames kept per peer that hasn't proved its key yet
// Trystero's password handshake with a peer must end in this long (its default is 10 s; a phone
// or a busy page may pause its JavaScript for seconds, and a denied peer is retried only at
// the next announcement, up to a minute later)
const HANDSHAKE_MS = 30000;

// the page's settings, from its query string
function settings() {
    const query = new URLSearchParams(location.search);
    const urls = function (name, protocols) {
        return query.getAll(name).filter(function (url) {
            try {
                return protocols.indexOf(new URL(url).protocol) >= 0;
            } catch (e) {
                return false;
            }
        });
    };
    const turn = urls("turn", ["turn:", "turns:"]);
    return {relays: urls("relay", ["ws:", "wss:"]), iceNone: query.get("ice") === "none",
            relayOnly: query.get("ice") === "relay", relayRate: query.get("relay_rate") || "",
            turn: turn.length ? [{urls: turn, username: query.get("turnuser") || "",
                                  credential: query.get("turncred") || ""}] : null};
}

let room = null;         // the Trystero room open now
let path = null;         // its relay path (relay.js)
let generation = 0;      // counts opens: callbacks of a room closed since are ignored
let leaving = Promise.resolve();
let events = [];
let bound = {};          // Trystero peer id -> {key, role}, once it proved its key
let byKey = {};          // key -> Trystero peer id
let confirmed = {};      // peerId -> true once that peer has said it knows our key
let early = {};          // peerId -> frames that came before its key
let active = {};         // peerId -> true while Trystero has that peer in the room
let myRole = "", byeFrame = "";
let roleAction = null, msgAction = null, timer = null;

function push(kind, key, text) {
    if (events.length >= MAX_EVENTS && (kind === "direct" || kind === "post")) return;
    events.push([kind, key, text]);
    // a game resting until something happens (web/client/index.html) polls at once
    try {
        window.dispatchEvent(new Event("parlournet"));
    } catch (e) { /* no window: nothing rests */ }
}

function reason(e) {
    try {
        return String((e && (e.error || e.message)) || e).slice(0, 300);
    } catch (err) {
        return "unknown error";
    }
}

// our role and key to a peer, with whether we know its key (so that it answers until both do)
function tellRole(peer, gen) {
    if (!roleAction || !path) return;
    const p = path, action = roleAction;
    p.bind(selfId, peer).then(function (sig) {
        if (gen !== generation) return;
        action.send(JSON.stringify({r: myRole, k: p.key, g: sig, c: bound[peer] ? 1 : 0}),
                    {target: peer}).catch(function () {});
    }).catch(function () {});
}

// the relay path: made at once (its key is the page's name in the room from the start)
function openPath(code, gen) {
    const s = settings();
    const urls = getRelays({appId: APP_ID, relayConfig: s.relays.length ? {urls: s.relays} : null},
                           defaultRelayUrls, 5, true);
    path = relayPath({
        urls: urls, code: code,
        onPost: function (key, text) {
            if (gen === generation) push("post", key, text);
        },
        onRelays: function (n, m) {
            if (gen === generation) push("relays", "", n + "/" + m);
        }
    });
}

// the direct path: Trystero's room (once the room left before is gone)
function join(code, role, gen) {
    if (gen !== generation) return;
    const s = settings();
    const config = {appId: APP_ID, password: "parlour:" + code};
    if (s.relays.length) config.relayConfig = {urls: s.relays};
    if (s.iceNone) config.rtcConfig = {iceServers: []};
    if (s.relayOnly) config.rtcConfig = {iceServers: s.turn || [], iceTransportPolicy: "relay"};
    if (s.turn) config.turnConfig = s.turn;
    let r;
    try {
        r = joinRoom(config, "room-" + code, {
            handshakeTimeoutMs: HANDSHAKE_MS,
            // a peer that couldn't be connected directly (no TURN server for its network, a
            // handshake that failed): the relays carry on; the console keeps the why
            onJoinError: function (details) {
                if (gen === generation) console.warn("parlourNet: " + reason(details));
            }
        });
    } catch (e) {
        console.warn("parlourNet: no direct connections: " + reason(e));
        return;
    }
    room = r;
    roleAction = r.makeAction("role");
    msgAction = r.makeAction("msg");
    r.onPeerJoin = function (peer) {
        if (gen !== generation) return;
        active[peer] = true;
        tellRole(peer, gen);
    };
    r.onPeerLeave = function (peer) {
        if (gen !== generation) return;
        delete active[peer];
        delete early[peer];
        delete confirmed[peer];
        const b = bound[peer];
        if (b) {
            delete bound[peer];
            if (byKey[b.key] === peer) delete byKey[b.key];
            push("down", b.key, "");
        }
    };
    roleAction.onMessage = function (data, meta) {
        const peer = meta && meta.peerId;
        if (gen !== generation || typeof peer !== "string" || typeof data !== "string"
                || data.length > 1000) return;
        let said;
        try {
            said = JSON.parse(data);
        } catch (e) {
            return;
        }
        if (!said || ROLES.indexOf(said.r) < 0 || typeof said.k !== "string") return;
        active[peer] = true;
        if (said.c === 1) confirmed[peer] = true;
        const knew = bound[peer];
        if (knew) {
            if (said.c !== 1) tellRole(peer, gen);  // it doesn't know ours yet
            return;
        }
        checkBind(said.k, String(said.g), peer, selfId).then(function (ok) {
            if (!ok || gen !== generation || bound[peer] || !active[peer]) return;
            bound[peer] = {key: said.k, role: said.r};  // the first key a peer proves is its key
            byKey[said.k] = peer;
            push("up", said.k, said.r);
            (early[peer] || []).forEach(function (text) { push("direct", said.k, text); });
            delete early[peer];
            tellRole(peer, gen);
        });
    };
    msgAction.onMessage = function (data, meta) {
        const peer = meta && meta.peerId;
        if (gen !== generation || typeof peer !== "string" || typeof data !== "string") return;
        if (bound[peer]) {
            push("direct", bound[peer].key, data);
        } else {
            const kept = early[peer] = early[peer] || [];
            if (kept.length < MAX_EARLY) kept.push(data);
        }
    };
    // a key not yet confirmed is told again (every 250 ms)
    timer = setInterval(function () {
        if (gen !== generation) return;
        Object.keys(active).forEach(function (peer) {
            if (!confirmed[peer]) tellRole(peer, gen);
        });
    }, 250);
}

function close() {
    generation++;
    if (timer !== null) clearInterval(timer);
    timer = null;
    // the bye on both paths, synchronously (a closing tab has no time for more)
    if (byeFrame && msgAction) {
        Object.keys(bound).forEach(function (peer) {
            try {
                msgAction.send(byeFrame, {target: peer}).catch(function () {});
            } catch (e) { /* gone */ }
        });
    }
    if (path) path.close();
    const r = room;
    room = roleAction = msgAction = path = null;
    bound = {};
    byKey = {};
    confirmed = {};
    early = {};
    active = {};
    if (r) {
        try {
            leaving = Promise.resolve(r.leave()).catch(function () {});
        } catch (e) { /* gone already */ }
    }
}

const parlourNet = {
    available: function () {
        return true;
    },
    open: function (code, role) {
        try {
            close();
            byeFrame = "";
            code = String(code);
            role = String(role);
            if (!CODE.test(code)) {
                push("status", "", "failed: a room code is 4 to 12 letters A-Z or digits");
                return;
            }
            if (ROLES.indexOf(role) < 0) {
                push("status", "", "failed: the role is host or guest");
                return;
            }
            myRole = role;
            const gen = generation;
            openPath(code, gen);
            // a room being left is gone before it is joined again (Trystero keeps one per id)
            leaving.then(function () { join(code, role, gen); });
        } catch (e) {
            push("status", "", "failed: " + reason(e));
        }
    },
    id: function () {
        return path ? path.key : "";
    },
    relayRate: function () {
        const s = settings();
        return s.relays.length ? String(s.relayRate) : "";
    },
    poll: function () {
        try {
            const out = JSON.stringify(events);
            events = [];
            return out;
        } catch (e) {
            events = [];
            return "[]";
        }
    },
    send: function (key, text) {
        try {
            const peer = byKey[key];
            if (!msgAction || typeof text !== "string" || !peer || !bound[peer]) return;
            msgAction.send(text, {target: peer}).catch(function () {});
        } catch (e) { /* a peer gone meanwhile */ }
    },
    publish: function (text, to) {
        try {
            if (path && typeof text === "string") path.publish(text, to);
        } catch (e) { /* the next frame tries again */ }
    },
    setBye: function (text) {
        try {
            if (typeof text !== "string") return;
            byeFrame = text;
            if (path) path.setBye(text);
        } catch (e) { /* no bye: the others wait for the silence */ }
    },
    close: function () {
        try {
            close();
        } catch (e) { /* nothing open */ }
    }
};

// A failure inside the network library (a relay's socket, a peer connection) must never stop
// the game: the page stops on any uncaught error (web/client/index.html, web/parlour.tmpl).
// These listeners are added before the page's own (net.js is the first script of the page)
// and keep the library's own errors from reaching them; the browser's console still shows
// them.
function fromHere(stack) {
    return typeof stack === "string" && /\/net\.js\b/.test(stack);
}
window.addEventListener("error", function (e) {
    if ((e.filename && /\/net\.js$/.test(e.filename.split(/[?#]/)[0]))
            || fromHere(e.error && e.error.stack)) {
        console.warn("parlourNet: " + reason(e));
        e.stopImmediatePropagation();
        e.preventDefault();
    }
}, true);
window.addEventListener("unhandledrejection", function (e) {
    if (fromHere(e.reason && e.reason.stack)) {
        console.warn("parlourNet: " + reason(e.reason));
        e.stopImmediatePropagation();
        e.preventDefault();
    }
}, true);
window.addEventListener("pagehide", parlourNet.close);
window.addEventListener("beforeunload", parlourNet.close);
window.parlourNet = parlourNet;
