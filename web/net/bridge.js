// window.parlourNet: the browser transport of remote seats (issue 23), one room at a time, for
// the game's Python (game/ui/net.py). Only strings cross between Python and this file, so the
// same bridge works under Pyodide (build/web/) and pygbag's runtime (build/pygbag/).
//
//   parlourNet.available()        -> true
//   parlourNet.open(code, role)   join the room of room code `code` ([A-Z0-9]{4,12}) as "host"
//                                 or "guest" (leaves the room open before, if any)
//   parlourNet.poll()             -> JSON text: the events since the last poll, in order:
//       ["join", peerId, role]    a peer in the room has told its role ("host" or "guest")
//       ["leave", peerId, ""]     a peer that had joined is gone (left, closed its tab, lost)
//       ["text", peerId, text]    a message from a peer that has joined
//       ["status", "", "open"]    a relay (the meeting point) is reached; peers can find us
//                                 (always before the first join; again on a join after a
//                                 failure)
//       ["status", "", "failed: <why>"]   the room could not be opened, no relay was reached in
//                                 20 s, or a screen couldn't be connected while no other is
//                                 here (no TURN server for its network, a failed handshake)
//   parlourNet.send(peerId, text) text to one peer that has joined (else ignored)
//   parlourNet.close()            leave the room (also on the page's pagehide/beforeunload)
//   parlourNet.id()               this page's peer id (new at every page load)
// None of these ever throws.
//
// Under it: Trystero (npm trystero 0.25.4, Nostr strategy; web/net/package.json), bundled by
// esbuild into net.js by ./build.sh web. Trystero finds the other pages through Nostr relays:
// what a relay sees is the room's hashed topic and WebRTC offers and answers encrypted with a
// key derived from the room code (the password below); the game's messages go browser to
// browser over WebRTC data channels. The page's query string sets:
//   ?relay=wss://relay.example   the relays to use (repeatable); default: Trystero's own list
//                                of public Nostr relays (it picks 5 of them)
//   ?ice=none                    no STUN servers (tests: nothing leaves the machine); default:
//                                Trystero's public STUN servers
// docs/web.md and docs/remote.md ("The browser transport") say more.
import {joinRoom, selfId, getRelaySockets} from "trystero/nostr";

const APP_ID = "patience-parlour";
const CODE = /^[A-Z0-9]{4,12}$/;
const ROLES = ["host", "guest"];
const MAX_EVENTS = 8192;       // events kept for a Python that doesn't poll (a hidden page)
const MAX_EARLY = 64;          // texts kept per peer that hasn't told its role yet
const RELAY_WAIT_MS = 20000;   // no relay reached in this long: "failed: ..." (it keeps trying)
// Trystero's password handshake with a peer must end in this long (its default is 10 s; a phone
// or a busy page may pause its JavaScript for seconds, and a denied peer is retried only at
// the next announcement, up to a minute later)
const HANDSHAKE_MS = 30000;

// the page's settings, from its query string
function settings() {
    const query = new URLSearchParams(location.search);
    const relays = query.getAll("relay").filter(function (url) {
        try {
            const u = new URL(url);
            return u.protocol === "ws:" || u.protocol === "wss:";
        } catch (e) {
            return false;
        }
    });
    return {relays: relays, iceNone: query.get("ice") === "none"};
}

let room = null;         // the Trystero room open now
let generation = 0;      // counts opens: callbacks of a room closed since are ignored
let leaving = Promise.resolve();
let events = [];
let roles = {};          // peerId -> role, for the peers that have joined (told their role)
let confirmed = {};      // peerId -> true once that peer has said it knows our role
let early = {};          // peerId -> texts that came before its role
let active = {};         // peerId -> true while Trystero has that peer in the room
let myRole = "";
let roleAction = null, msgAction = null, timer = null;

function push(kind, peer, text) {
    if (events.length >= MAX_EVENTS && kind === "text") return;  // a flood: dropped
    events.push([kind, peer, text]);
}

function reason(e) {
    try {
        return String((e && (e.error || e.message)) || e).slice(0, 300);
    } catch (err) {
        return "unknown error";
    }
}

// our role to a peer, with whether we know theirs (so that it answers until both know)
function tellRole(peer) {
    if (!roleAction) return;
    roleAction.send(myRole + (roles[peer] ? ":1" : ":0"), {target: peer}).catch(function () {});
}

function join(code, role, gen) {
    if (gen !== generation) return;
    const s = settings();
    const config = {appId: APP_ID, password: "parlour:" + code};
    if (s.relays.length) config.relayConfig = {urls: s.relays};
    if (s.iceNone) config.rtcConfig = {iceServers: []};
    // "open" once a relay is reached (at the latest when a peer is found through one), and
    // again when a peer joins after a failure
    let open = false, told = false, status = "";
    const setStatus = function (what) {
        status = what;
        push("status", "", what);
    };
    const markOpen = function () {
        open = true;
        if (status !== "open") setStatus("open");
    };
    let r;
    try {
        r = joinRoom(config, "room-" + code, {
            handshakeTimeoutMs: HANDSHAKE_MS,
            // a peer that couldn't be connected (no TURN server for its network, a handshake
            // that failed): the room's failure while nobody is here; else only the console's
            onJoinError: function (details) {
                if (gen !== generation) return;
                if (Object.keys(roles).length) {
                    console.warn("parlourNet: " + reason(details));
                } else {
                    setStatus("failed: " + reason(details));
                }
            }
        });
    } catch (e) {
        setStatus("failed: " + reason(e));
        return;
    }
    room = r;
    roleAction = r.makeAction("role");
    msgAction = r.makeAction("msg");
    r.onPeerJoin = function (peer) {
        if (gen !== generation) return;
        active[peer] = true;
        tellRole(peer);
    };
    r.onPeerLeave = function (peer) {
        if (gen !== generation) return;
        delete active[peer];
        delete early[peer];
        delete confirmed[peer];
        if (roles[peer]) {
            delete roles[peer];
            push("leave", peer, "");
        }
    };
    roleAction.onMessage = function (data, meta) {
        const peer = meta && meta.peerId;
        if (gen !== generation || typeof peer !== "string" || typeof data !== "string") return;
        const parts = data.split(":");
        if (ROLES.indexOf(parts[0]) < 0) return;
        const knew = !!roles[peer];
        active[peer] = true;
        if (parts[1] === "1") confirmed[peer] = true;
        if (!knew) {
            markOpen();
            roles[peer] = parts[0];  // the first role a peer tells is its role
            push("join", peer, parts[0]);
            (early[peer] || []).forEach(function (text) { push("text", peer, text); });
            delete early[peer];
        }
        // it doesn't know ours yet, or doesn't know yet that we know its role
        if (parts[1] !== "1" || !knew) tellRole(peer);
    };
    msgAction.onMessage = function (data, meta) {
        const peer = meta && meta.peerId;
        if (gen !== generation || typeof peer !== "string" || typeof data !== "string") return;
        if (roles[peer]) {
            push("text", peer, data);
        } else {
            const kept = early[peer] = early[peer] || [];
            if (kept.length < MAX_EARLY) kept.push(data);
        }
    };
    // is a relay reached? and a role not yet confirmed is told again (every 250 ms)
    const started = Date.now();
    timer = setInterval(function () {
        if (gen !== generation) return;
        try {
            const sockets = getRelaySockets();
            const reached = Object.keys(sockets).some(function (url) {
                return sockets[url] && sockets[url].readyState === 1;
            });
            if (reached && !open) {
                markOpen();
            } else if (!open && !told && Date.now() - started > RELAY_WAIT_MS) {
                told = true;
                setStatus("failed: no relay could be reached (" +
                          (s.relays.length ? s.relays.join(", ") : "the public Nostr relays") + ")");
            }
            Object.keys(active).forEach(function (peer) {
                if (!confirmed[peer]) tellRole(peer);
            });
        } catch (e) { /* next time */ }
    }, 250);
}

function close() {
    generation++;
    if (timer !== null) clearInterval(timer);
    timer = null;
    const r = room;
    room = roleAction = msgAction = null;
    roles = {};
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
            // a room being left is gone before it is joined again (Trystero keeps one per id)
            leaving.then(function () { join(code, role, gen); });
        } catch (e) {
            push("status", "", "failed: " + reason(e));
        }
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
    send: function (peer, text) {
        try {
            if (!msgAction || typeof text !== "string" || !roles[peer]) return;
            msgAction.send(text, {target: peer}).catch(function () {});
        } catch (e) { /* a peer gone meanwhile */ }
    },
    close: function () {
        try {
            close();
        } catch (e) { /* nothing open */ }
    },
    id: function () {
        return selfId;
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
