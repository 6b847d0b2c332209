// The relay path of a room (issue 32): the game's frames through the Nostr relays the pages
// meet on, when two browsers can't open a WebRTC connection to each other. docs/remote.md,
// "The relay path", is the wire; game/net/paths.py is everything above it (numbering,
// acknowledgements, resending, meeting and leaving). This file only seals, signs, sends and
// checks:
//
//   const path = relayPath({urls, code, onPost, onRelays});
//   path.key                     this page's public key for the room (64 hex digits)
//   path.bind(peerId, selfId)    -> Promise of a signature proving the key to a WebRTC peer
//   path.publish(frame, to)      sealed (for the screen with key `to` alone, with the key the two
//                                share; for everyone in the room with "": the room's key),
//                                signed, sent to every relay (queued where not open)
//   path.setBye(frame)           made ready now, sent synchronously by close()
//   path.close()
// onPost(key, frame) for each event of this room from another key that checks out (kind, tag,
// id, signature, age, size, seal; each event once, whichever relay brought it);
// onRelays(reached, total) whenever the number of relays reached changes.
import {schnorr, getSharedSecret} from "@noble/secp256k1";

export const KIND = 21061;
const TOPIC_PREFIX = "patience-parlour/relay/topic/";
const KEY_PREFIX = "patience-parlour/relay/key/";
const PAIR_PREFIX = "patience-parlour/relay/pair/";
const BIND_PREFIX = "parlour-bind|";
const MAX_CONTENT = 65536;
const MAX_AGE_S = 900;
const SEEN = 4096;            // event ids remembered (each relay hands on the same event)
const QUEUED = 16;            // events kept for a relay not open yet
const RETRY_MS = [1000, 2000, 4000, 8000, 15000];  // a relay gone: tried again after these
const BYE_EVERY_MS = 240000;  // the bye made again (its age must stay under MAX_AGE_S)

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function hex(bytes) {
    return Array.from(bytes, function (b) { return b.toString(16).padStart(2, "0"); }).join("");
}

function unhex(text) {
    const out = new Uint8Array(text.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(text.substr(2 * i, 2), 16);
    return out;
}

async function sha256(text) {
    return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

function toBase64(bytes) {
    let s = "";
    for (let i = 0; i < bytes.length; i += 8192) {
        s += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
    }
    return btoa(s);
}

function fromBase64(text) {
    const s = atob(text);
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
}

const HEX64 = /^[0-9a-f]{64}$/;
const HEX128 = /^[0-9a-f]{128}$/;

// what a verifier checks a WebRTC peer's key against: the two Trystero ids, in order
export async function bindDigest(fromId, toId) {
    return sha256(BIND_PREFIX + fromId + "|" + toId);
}

export async function checkBind(key, sig, fromId, toId) {
    try {
        if (!HEX64.test(key) || !HEX128.test(sig)) return false;
        return await schnorr.verifyAsync(unhex(sig), await bindDigest(fromId, toId), unhex(key));
    } catch (e) {
        return false;
    }
}

export function relayPath(options) {
    const code = options.code;
    const keys = schnorr.keygen();
    const me = hex(keys.publicKey);
    const topicP = sha256(TOPIC_PREFIX + code).then(hex);
    const aesP = sha256(KEY_PREFIX + code).then(function (raw) {
        return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
    });
    const relays = [];
    const seen = new Set();
    const seenOrder = [];
    let closed = false, lastReached = -1, byeEvent = "", byeFrame = "", byeTimer = null;
    let chain = Promise.resolve();  // publishes go out in the order asked

    // the key this page and the screen with key `other` share (ECDH of their keys: the x of
    // the shared point, which neither key's parity changes), for frames meant for it alone
    const pairs = {};
    const binds = {};  // "selfId|peerId" -> the signature proving this key to that peer
    function pairKey(other) {
        if (!pairs[other]) {
            pairs[other] = (async function () {
                const shared = getSharedSecret(keys.secretKey, unhex("02" + other), true);
                const raw = await sha256(PAIR_PREFIX + code + "|" + hex(shared.subarray(1)));
                return crypto.subtle.importKey("raw", raw, "AES-GCM", false,
                                               ["encrypt", "decrypt"]);
            })();
            pairs[other].catch(function () { delete pairs[other]; });
        }
        return pairs[other];
    }

    async function seal(text, to) {
        const iv = crypto.getRandomValues(new Uint8Array(12));
        const sealed = new Uint8Array(await crypto.subtle.encrypt(
            {name: "AES-GCM", iv: iv, additionalData: encoder.encode(me)},
            to ? await pairKey(to) : await aesP, encoder.encode(text)));
        const out = new Uint8Array(12 + sealed.length);
        out.set(iv);
        out.set(sealed, 12);
        return toBase64(out);
    }

    // what the content says: sealed for everyone (the room's key), or for this page (the key
    // it shares with the sender)
    async function unseal(content, key) {
        const bytes = fromBase64(content);
        if (bytes.length < 12 + 16) throw new Error("short");
        const params = {name: "AES-GCM", iv: bytes.subarray(0, 12),
                        additionalData: encoder.encode(key)};
        let plain;
        try {
            plain = await crypto.subtle.decrypt(params, await aesP, bytes.subarray(12));
        } catch (e) {
            plain = await crypto.subtle.decrypt(params, await pairKey(key), bytes.subarray(12));
        }
        return decoder.decode(plain);
    }

    async function event(text, to) {
        const topic = await topicP;
        const ev = {pubkey: me, created_at: Math.floor(Date.now() / 1000), kind: KIND,
                    tags: [["x", topic]], content: await seal(text, to)};
        const id = await sha256(JSON.stringify(
            [0, ev.pubkey, ev.created_at, ev.kind, ev.tags, ev.content]));
        ev.id = hex(id);
        ev.sig = hex(await schnorr.signAsync(id, keys.secretKey));
        return JSON.stringify(["EVENT", ev]);
    }

    function reached() {
        return relays.filter(function (r) { return r.subscribed; }).length;
    }

    function told() {
        const n = reached();
        if (n !== lastReached && !closed) {
            lastReached = n;
            options.onRelays(n, relays.length);
        }
    }

    async function received(data) {
        let msg;
        try {
            msg = JSON.parse(data);
        } catch (e) {
            return;
        }
        if (!Array.isArray(msg)) return;
        if (msg[0] === "OK" && msg[2] === false) {
            console.warn("parlourNet: a relay refused an event: " + String(msg[3]).slice(0, 200));
            return;
        }
        if (msg[0] !== "EVENT" || msg.length !== 3) return;
        const ev = msg[2];
        if (!ev || typeof ev !== "object") return;
        const id = ev.id, key = ev.pubkey, content = ev.content;
        if (typeof id !== "string" || !HEX64.test(id) || seen.has(id)) return;
        if (typeof key !== "string" || !HEX64.test(key) || key === me) return;
        if (ev.kind !== KIND || typeof content !== "string" || content.length > MAX_CONTENT) return;
        if (typeof ev.sig !== "string" || !HEX128.test(ev.sig)) return;
        const at = ev.created_at;
        if (!Number.isInteger(at) || Math.abs(Date.now() / 1000 - at) > MAX_AGE_S) return;
        const topic = await topicP;
        if (!Array.isArray(ev.tags) || ev.tags.length !== 1 || !Array.isArray(ev.tags[0])
                || ev.tags[0].length !== 2 || ev.tags[0][0] !== "x" || ev.tags[0][1] !== topic) {
            return;
        }
        const digest = await sha256(JSON.stringify([0, key, at, KIND, ev.tags, content]));
        if (hex(digest) !== id) return;
        let ok = false;
        try {
            ok = await schnorr.verifyAsync(unhex(ev.sig), digest, unhex(key));
        } catch (e) {
            ok = false;
        }
        if (!ok || closed) return;
        let text;
        try {
            text = await unseal(content, key);
        } catch (e) {
            return;  // not sealed with this room's key, or for another key
        }
        // (remembered only once it checked out: a relay's forged copy can't hide the real one)
        if (closed || seen.has(id)) return;
        seen.add(id);
        seenOrder.push(id);
        if (seenOrder.length > SEEN) seen.delete(seenOrder.shift());
        options.onPost(key, text);
    }

    function connect(relay) {
        if (closed) return;
        let socket;
        try {
            socket = new WebSocket(relay.url);
        } catch (e) {
            relay.retry = setTimeout(function () { connect(relay); }, RETRY_MS[RETRY_MS.length - 1]);
            return;
        }
        relay.socket = socket;
        socket.onopen = function () {
            if (closed) return;
            relay.failures = 0;
            topicP.then(function (topic) {
                if (closed || relay.socket !== socket || socket.readyState !== 1) return;
                socket.send(JSON.stringify(["REQ", relay.sub, {
                    kinds: [KIND], "#x": [topic], since: Math.floor(Date.now() / 1000) - 60}]));
                relay.subscribed = true;
                const waiting = relay.queue;
                relay.queue = [];
                waiting.forEach(function (text) { socket.send(text); });
                told();
            });
        };
        socket.onmessage = function (e) {
            if (relay.socket === socket) received(String(e.data)).catch(function () {});
        };
        socket.onclose = function () {
            if (relay.socket !== socket) return;
            relay.subscribed = false;
            relay.socket = null;
            told();
            if (closed) return;
            const wait = RETRY_MS[Math.min(relay.failures, RETRY_MS.length - 1)];
            relay.failures++;
            relay.retry = setTimeout(function () { connect(relay); }, wait * (0.5 + Math.random()));
        };
        socket.onerror = function () { /* onclose follows */ };
    }

    function send(text) {
        relays.forEach(function (relay) {
            if (relay.subscribed && relay.socket && relay.socket.readyState === 1) {
                relay.socket.send(text);
            } else {
                relay.queue.push(text);
                if (relay.queue.length > QUEUED) relay.queue.shift();
            }
        });
    }

    function makeBye() {
        if (!byeFrame || closed) return;
        event(byeFrame).then(function (text) { byeEvent = text; }).catch(function () {});
    }

    options.urls.forEach(function (url, i) {
        const relay = {url: url, socket: null, subscribed: false, queue: [], failures: 0,
                       retry: null, sub: "parlour-" + i + "-" + me.slice(0, 8)};
        relays.push(relay);
        connect(relay);
    });
    setTimeout(told, 0);

    return {
        key: me,
        bind: function (selfId, peerId) {  // (made once per peer: told again every 250 ms)
            const id = selfId + "|" + peerId;
            if (!binds[id]) {
                binds[id] = bindDigest(selfId, peerId).then(function (digest) {
                    return schnorr.signAsync(digest, keys.secretKey);
                }).then(hex);
            }
            return binds[id];
        },
        publish: function (text, to) {
            if (closed) return;
            to = HEX64.test(String(to || "")) ? String(to) : "";
            chain = chain.then(function () { return event(text, to); }).then(function (ev) {
                if (!closed) send(ev);
            }).catch(function (e) {
                console.warn("parlourNet: an event couldn't be made: " + e);
            });
        },
        setBye: function (text) {
            byeFrame = text;
            makeBye();
            if (byeTimer === null) byeTimer = setInterval(makeBye, BYE_EVERY_MS);
        },
        reached: reached,
        close: function () {
            if (closed) return;
            closed = true;
            if (byeTimer !== null) clearInterval(byeTimer);
            relays.forEach(function (relay) {
                if (relay.retry !== null) clearTimeout(relay.retry);
                const socket = relay.socket;
                relay.socket = null;
                if (!socket) return;
                try {
                    if (byeEvent && socket.readyState === 1) socket.send(byeEvent);
                    if (socket.readyState === 1) {
                        socket.send(JSON.stringify(["CLOSE", relay.sub]));
                    }
                    socket.close();
                } catch (e) { /* gone already */ }
            });
        }
    };
}
